package server

import (
	"net/http"

	"vigil/server/greader"
)

// readerAPI returns the Google Reader API handler over the server's store,
// logging in with the server's own checks (httpauth.Auth.ReaderLogin).
func (s *Server) readerAPI() http.Handler {
	return greader.New(s.st, greader.Config{
		Login:       s.auth.ReaderLogin,
		Sanitize:    s.reading.Sanitize,
		OnSubscribe: s.onSubscribe,
		Now:         s.now,
		Logger:      s.log,
		Finder:      s.finder,
		OnRead:      s.auth.NoteReading,
	})
}
