package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"time"
)

// readyTimeout bounds the store check of /readyz.
const readyTimeout = 2 * time.Second

// readyz answers whether the server can serve: 200 when the store answers
// for reading and writing, 503 otherwise (the cause is logged, not shown).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if err := s.st.Ping(ctx); err != nil {
		s.log.Error("server: not ready", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("not ready: the store does not answer"))
		return
	}
	w.Write([]byte("ready"))
}

// serveMetrics serves the metrics, to bearers of the metrics token when
// one is configured.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if s.metricsToken != "" && !sameSecret(bearerToken(r), s.metricsToken) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="vigil metrics"`)
		http.Error(w, "the metrics need the metrics token as a bearer token", http.StatusUnauthorized)
		return
	}
	s.metrics.Handler().ServeHTTP(w, r)
}

// bearerToken returns the token of an "Authorization: Bearer" header, or "".
func bearerToken(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// sameSecret compares two secrets in constant time, whatever their lengths.
func sameSecret(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(ha[:], hb[:]) == 1
}
