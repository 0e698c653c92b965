package fetch

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// hangingServer answers nothing until the test ends.
func hangingServer(t *testing.T) string {
	t.Helper()
	done := make(chan struct{})
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(done) })
	return srv.URL
}

func TestHeaderTimeoutEndsASilentServer(t *testing.T) {
	url := hangingServer(t)
	c := testClient(Config{HeaderTimeout: 100 * time.Millisecond, Timeout: time.Minute})
	start := time.Now()
	_, err := c.Get(context.Background(), Request{URL: url})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindTimeout {
		t.Fatalf("Get = %v, want a timeout", err)
	}
	if !strings.Contains(err.Error(), "no response headers within 100ms") {
		t.Errorf("error %q does not say no headers came within 100ms", err)
	}
	if waited := time.Since(start); waited > 30*time.Second {
		t.Errorf("Get waited %v: the whole-fetch timeout ended it, not the header timeout", waited)
	}
}

func TestHeaderTimeoutSparesASlowBody(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusOK)
		for range 5 {
			w.Write([]byte("chunk "))
			w.(http.Flusher).Flush()
			time.Sleep(60 * time.Millisecond)
		}
	})
	c := testClient(Config{HeaderTimeout: 100 * time.Millisecond, Timeout: 10 * time.Second})
	resp := mustGet(t, c, Request{URL: srv.URL})
	if got := strings.Count(string(resp.Body), "chunk"); got != 5 {
		t.Errorf("body %q has %d chunks, want all 5", resp.Body, got)
	}
}

func TestHeaderTimeoutDefault(t *testing.T) {
	if got := (Config{}).withDefaults().HeaderTimeout; got != DefaultHeaderTimeout || got >= DefaultTimeout {
		t.Errorf("default header timeout %v, want %v, shorter than %v", got, DefaultHeaderTimeout, DefaultTimeout)
	}
}
