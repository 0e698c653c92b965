package monitor

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

// TestFailedFetchHidesCredentials fetches a feed whose URL carries a user
// name and password from a loopback server that is gone: the feed's last
// error, its stored observation and the log line must not show them.
func TestFailedFetchHidesCredentials(t *testing.T) {
	h := newHarness(t, Config{})
	var logs bytes.Buffer
	h.mon.log = slog.New(slog.NewTextHandler(&logs, nil))
	srv, _ := serve(t, status(http.StatusOK))
	srv.Close()
	f := h.subscribe(strings.Replace(srv.URL, "http://", "http://ann:s3cret@", 1) + "/feed")
	h.mon.work(context.Background(), f)
	got := h.feed(f.ID)
	obs, err := h.st.Observations(context.Background(), f.ID, 1)
	if err != nil || len(obs) != 1 || obs[0].Error == "" {
		t.Fatalf("Observations = %+v, %v; want one failed fetch", obs, err)
	}
	for where, text := range map[string]string{"last error": got.LastError, "observation": obs[0].Error, "log": logs.String()} {
		if strings.Contains(text, "s3cret") || strings.Contains(text, "ann:") {
			t.Errorf("the %s shows the credentials: %s", where, text)
		}
	}
}
