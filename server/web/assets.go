package web

import (
	"io/fs"
	"net/http"
)

// Static serves the style sheet and scripts the pages link to under
// /static/, by their paths below it.
func (s *Handlers) Static() http.Handler {
	static, err := fs.Sub(assets, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return http.FileServerFS(static)
}
