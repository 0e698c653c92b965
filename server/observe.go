package server

import (
	"net/http"
	"time"
)

// Metrics is what the server asks of the metrics: their exposition and a
// count of each answered request. *metrics.Metrics satisfies it.
type Metrics interface {
	// Handler serves the metrics in the Prometheus text format.
	Handler() http.Handler
	// Request counts a request by route pattern and status, with its
	// duration.
	Request(route string, status int, d time.Duration)
}

// statusRecorder remembers the status and the body size of a response.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// WriteHeader records the status and sends it.
func (r *statusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

// Write records the size of the body written, and the implied 200.
func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap returns the underlying writer, for http.ResponseController.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// observe serves the request with h, then counts it in the metrics and
// writes the access log entry (at Info level, so shown with -v): method,
// route pattern, path (never the query, which may carry secrets), status,
// bytes and duration.
func (s *Server) observe(w http.ResponseWriter, r *http.Request, h http.Handler) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w}
	h.ServeHTTP(rec, r)
	d := time.Since(start)
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	if s.metrics != nil {
		s.metrics.Request(route, status, d)
	}
	s.log.Info("request", "method", r.Method, "route", route, "path", r.URL.Path, "status", status,
		"bytes", rec.bytes, "duration", d)
}
