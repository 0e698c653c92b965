package web

import "net/http"

// NotFound answers a path that matches no route with the error page, with
// the visitor's header when they are signed in.
func (s *Handlers) NotFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	sess, err := s.webSession(r)
	if err != nil {
		sess = nil
	}
	s.renderStatus(w, r, sess, http.StatusNotFound, "there is no page at "+r.URL.Path)
}
