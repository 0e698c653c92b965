package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer safe to read while the demo writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// bannerPattern finds the demo's address and password in its banner.
var bannerPattern = regexp.MustCompile(`(?s)open http://(\S+)/ and log in as demo\n  password: (\S+)`)

// TestDemoRunsWhatServeRuns checks that the demo serves the pages that
// need serve's other parts: "For you" (the profiler) and /metrics answer
// 200, not 503 or 404.
func TestDemoRunsWhatServeRuns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb lockedBuffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, e, []string{"demo", "--trace", busyTrace(t, 2), "--sources", "2",
			"--speed", "20000", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "demo.db")})
	}()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			t.Error("the demo did not stop")
		}
	}()
	var m []string
	waitFor(t, func() bool { m = bannerPattern.FindStringSubmatch(out.String()); return m != nil })
	base := "http://" + m[1]
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := client.PostForm(base+"/login", url.Values{"name": {"demo"}, "password": {m[2]}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, path := range []string{"/for-you", "/metrics", "/dashboard"} {
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d, want 200; stderr: %s", path, resp.StatusCode, errb.String())
		}
	}
}
