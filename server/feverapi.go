package server

import (
	"net/http"

	"vigil/server/fever"
)

// feverAPI returns the Fever API handler over the server's store.
func (s *Server) feverAPI() http.Handler {
	return fever.New(s.st, fever.Config{
		Login:    s.auth.FeverLogin,
		Sanitize: s.reading.Sanitize,
		Now:      s.now,
		Logger:   s.log,
		OnRead:   s.auth.NoteAccess,
	})
}
