package server

import (
	"net/http"
	"strings"
)

// prefixRoute is a route matched by path prefix on the request's path as
// it came, ahead of the mux, which cleans paths ("//" made "/") by
// redirecting to the cleaned path.
type prefixRoute struct {
	prefix string
	h      http.Handler
}

// handlePrefix routes every path that starts with prefix to h, ahead of
// the mux.
func (s *Server) handlePrefix(prefix string, h http.Handler) {
	s.beforeMux = append(s.beforeMux, prefixRoute{prefix: prefix, h: h})
}

// prefixed returns the handler of the prefix route r's path belongs to. A
// doubled leading slash is made single first, and in r when a route
// matches: clients append "/reader/api/0/..." to the address they are
// given, and people often give it with a trailing slash (newsboat's own
// default for FeedHQ has one).
func (s *Server) prefixed(r *http.Request) (http.Handler, bool) {
	path := r.URL.Path
	if strings.HasPrefix(path, "//") {
		path = path[1:]
	}
	for _, p := range s.beforeMux {
		if !strings.HasPrefix(path, p.prefix) {
			continue
		}
		if path != r.URL.Path {
			r.URL.Path, r.URL.RawPath = path, strings.TrimPrefix(r.URL.RawPath, "/")
		}
		return p.h, true
	}
	return nil, false
}
