package greader_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/server"
	"vigil/store/sqlite"
)

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A stream named in the path (stream/contents/STREAM, the Atom form) is
// logged and counted under its route, as every other endpoint is, and
// not as an unmatched request that was answered 200.
func TestStreamInPathRoute(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var out syncBuffer
	log := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv := httptest.NewServer(server.New(st, server.Config{Now: func() time.Time { return testNow }, Logger: log}))
	t.Cleanup(srv.Close)
	e := &env{t: t, st: st, url: srv.URL}
	alice := e.user("alice")
	feed := "https://a.example/feed"
	e.follow(alice, feed)
	auth := e.login("alice", alice.token)
	tests := []struct{ path, route string }{
		{"/reader/api/0/stream/contents/feed%2F" + strings.ReplaceAll(feed, "/", "%2F"), "GET /reader/api/0/stream/contents"},
		{"/reader/api/0/stream/contents/user/-/state/com.google/reading-list", "GET /reader/api/0/stream/contents"},
		{"/reader/atom/feed/" + feed, "GET /reader/atom"},
	}
	for _, tt := range tests {
		if code, body := e.get(auth, tt.path); code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", tt.path, code, body)
		}
		for line := range strings.Lines(out.String()) {
			if strings.Contains(line, "msg=request") && strings.Contains(line, "/reader/") && !strings.Contains(line, `route="`+tt.route+`"`) {
				t.Errorf("GET %s logged as %s; want route %q", tt.path, strings.TrimSpace(line), tt.route)
			}
		}
		out.mu.Lock()
		out.buf.Reset()
		out.mu.Unlock()
	}
}
