package monitor

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// slowHost serves feeds on a loopback address other than httptest's
// 127.0.0.1, so on another host, answering nothing until release is
// called; hits counts the requests it received.
type slowHost struct {
	url     string
	release func()
	hits    *atomic.Int64
}

func newSlowHost(t *testing.T) slowHost {
	return newSlowHostOn(t, "127.0.0.2")
}

func newSlowHostOn(t *testing.T, ip string) slowHost {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	gate := make(chan struct{})
	hits := new(atomic.Int64)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
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
	return slowHost{url: srv.URL, release: release, hits: hits}
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

func TestSlowSourcesOnSeveralHostsDoNotHoldThePool(t *testing.T) {
	h := newHarness(t, Config{Workers: 2})
	var slow []slowHost
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		s := newSlowHostOn(t, ip)
		h.subscribeMany(s.url, 1, t0.Add(-time.Hour))
		slow = append(slow, s)
	}
	fast, _ := serve(t, body(rss("", rssItem{"f", "fast", "x"})))
	fastIDs := h.subscribeMany(fast.URL, 3, t0.Add(-time.Minute))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.mon.Run(ctx) }()
	h.mon.Wake()
	// Both workers hang on two slow hosts; the third slow feed waits.
	waitUntil(t, func() bool { return slow[0].hits.Load()+slow[1].hits.Load()+slow[2].hits.Load() == 2 })
	h.clk.Advance(5 * time.Second)        // SlowAfter: both workers are replaced
	h.waitFetched(fastIDs, 4*time.Second) // the harness's fetch timeout is 5 s
	for _, s := range slow {
		s.release()
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := h.mon.overflow.Load(); n != 0 {
		t.Errorf("%d replacement workers still counted after the slow fetches ended", n)
	}
}
