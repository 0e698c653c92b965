package fetch

import (
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestTimeoutCutsDribblingBody(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		for {
			_, _ = w.Write([]byte("x"))
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})
	e := wantKind(t, testClient(Config{Timeout: 200 * time.Millisecond}), Request{URL: srv.URL}, KindTimeout)
	if !strings.Contains(e.Error(), "200ms") {
		t.Fatalf("error %q does not name the timeout", e)
	}
}

func TestTimeoutBeforeHeaders(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	wantKind(t, testClient(Config{Timeout: 100 * time.Millisecond}), Request{URL: srv.URL}, KindTimeout)
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	raw := "http://" + addr + "/feed"
	e := wantKind(t, testClient(Config{}), Request{URL: raw}, KindNetwork)
	if !errors.Is(e, syscall.ECONNREFUSED) {
		t.Fatalf("error %v does not wrap ECONNREFUSED", e)
	}
	if msg := e.Error(); !strings.HasPrefix(msg, "fetch: "+raw+": ") || !strings.Contains(msg, "connection refused") {
		t.Fatalf("message %q; want it to name the URL and the refusal", msg)
	}
}

func TestUntrustedCertificate(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	wantKind(t, testClient(Config{}), Request{URL: srv.URL}, KindTLS)
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Kind: KindNetwork, URL: "https://x/feed", Err: errors.New("connection refused")}, "fetch: https://x/feed: connection refused"},
		{&Error{Kind: KindTooLarge, URL: "https://x/feed", Err: errTooLarge{10}}, "fetch: https://x/feed: body exceeds the limit of 10 bytes"},
		{&Error{Kind: KindTimeout, URL: "https://x/feed"}, "fetch: https://x/feed: timeout"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q; want %q", got, tt.want)
		}
	}
}

func TestErrorKindString(t *testing.T) {
	seen := map[string]ErrorKind{}
	for k := KindUnknown; k <= KindCanceled; k++ {
		name := k.String()
		if name == "" || strings.HasPrefix(name, "ErrorKind(") {
			t.Errorf("kind %d has no name", int(k))
		}
		if other, dup := seen[name]; dup {
			t.Errorf("kinds %d and %d share the name %q", int(other), int(k), name)
		}
		seen[name] = k
	}
	if got := ErrorKind(99).String(); got != "ErrorKind(99)" {
		t.Errorf("ErrorKind(99).String() = %q", got)
	}
}
