package server

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
)

func TestReadyz(t *testing.T) {
	e := newEnv(t, Config{})
	status, body := e.call("GET", "/readyz", "", nil)
	if status != http.StatusOK || string(body) != "ready" {
		t.Errorf("GET /readyz: %d %q; want 200 ready", status, body)
	}
	e.st.Close()
	status, body = e.call("GET", "/readyz", "", nil)
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "store") || strings.Contains(string(body), "sql") {
		t.Errorf("GET /readyz with the store closed: %d %q; want 503 naming the store in words", status, body)
	}
	if status, _ = e.call("GET", "/healthz", "", nil); status != http.StatusOK {
		t.Errorf("GET /healthz with the store closed: %d, want 200 (the process lives)", status)
	}
}

func TestNoMetricsWithoutMetrics(t *testing.T) {
	e := newEnv(t, Config{})
	if status, _ := e.call("GET", "/metrics", "", nil); status != http.StatusNotFound {
		t.Errorf("GET /metrics without metrics configured: %d, want 404", status)
	}
}

// lockedBuffer is a log destination safe for the server's goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// The access log names each request's route and status, at Info level
// (vigil serve -v), and never its query, which may carry secrets.
func TestAccessLog(t *testing.T) {
	tests := []struct {
		level slog.Level
		want  bool
	}{{slog.LevelInfo, true}, {slog.LevelWarn, false}}
	for _, tt := range tests {
		var out lockedBuffer
		e := newEnv(t, Config{Logger: slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: tt.level}))})
		alice := e.user("alice")
		e.call("GET", "/api/feeds?secret=xyz", alice.token, nil)
		log := out.String()
		logged := strings.Contains(log, `route="GET /api/feeds"`) && strings.Contains(log, "status=200") && strings.Contains(log, "path=/api/feeds")
		if logged != tt.want || strings.Contains(log, "xyz") {
			t.Errorf("level %v: access log %q; want an entry: %v, and no query", tt.level, log, tt.want)
		}
	}
}
