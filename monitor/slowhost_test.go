package monitor

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// slowHost serves feeds on 127.0.0.2, another host than httptest's
// 127.0.0.1, answering nothing until release is called.
type slowHost struct {
	url     string
	release func()
}

func newSlowHost(t *testing.T) slowHost {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	gate := make(chan struct{})
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
		body(rss("", rssItem{"s" + r.URL.Path, "slow", "x"}))(w, r)
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(func() { release(); srv.Close() })
	return slowHost{url: srv.URL, release: release}
}

// subscribeMany subscribes the harness user to n feeds under base, due in
// the order given, and returns their IDs.
func (h *harness) subscribeMany(base string, n int, due time.Time) []int64 {
	h.t.Helper()
	var ids []int64
	for i := range n {
		f := h.subscribe(fmt.Sprintf("%s/feed%d", base, i))
		if err := h.st.SetNextFetch(context.Background(), f.ID, due); err != nil {
			h.t.Fatal(err)
		}
		ids = append(ids, f.ID)
	}
	return ids
}

// waitFetched waits until every feed has stored a fetch, or fails after a
// generous deadline.
func (h *harness) waitFetched(ids []int64, within time.Duration) {
	h.t.Helper()
	deadline := time.Now().Add(within)
	for _, id := range ids {
		for h.feed(id).ItemCount == 0 {
			if time.Now().After(deadline) {
				h.t.Fatalf("feed %d was not fetched within %v while another host hung", id, within)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

func TestSlowHostDoesNotStallOthers(t *testing.T) {
	tests := []struct {
		name string
		run  func(ctx context.Context, h *harness) error
	}{
		{"loop", func(ctx context.Context, h *harness) error {
			h.mon.Wake()
			return h.mon.Run(ctx)
		}},
		{"one pass", func(ctx context.Context, h *harness) error {
			_, err := h.mon.RunOnce(ctx, false)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{Workers: 3})
			slow := newSlowHost(t)
			fast, _ := serve(t, body(rss("", rssItem{"f", "fast", "x"})))
			// The slow host's feeds are due first, and outnumber the workers.
			slowIDs := h.subscribeMany(slow.url, 8, t0.Add(-time.Hour))
			fastIDs := h.subscribeMany(fast.URL, 4, t0.Add(-time.Minute))
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- tt.run(ctx, h) }()
			h.waitFetched(fastIDs, 4*time.Second) // the harness's fetch timeout is 5 s
			slow.release()
			h.waitFetched(slowIDs, 10*time.Second)
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}
