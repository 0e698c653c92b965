package fetch

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/clock"
)

var limiterStart = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// waitUntil polls cond until it holds; it synchronises with goroutines
// that block inside the limiter and asserts nothing about speed.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting until %s", what)
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
}

// waitingOn returns how many Acquire calls are blocked on host.
func (l *HostLimiter) waitingOn(host string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.hosts[host]; ok {
		return s.waiting
	}
	return 0
}

// tableSize returns how many hosts the limiter remembers.
func (l *HostLimiter) tableSize() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.hosts)
}

// acquired is the outcome of an Acquire run in a goroutine.
type acquired struct {
	release func()
	at      time.Time
	err     error
}

// acquireAsync runs Acquire in a goroutine and reports on the channel.
func acquireAsync(ctx context.Context, l *HostLimiter, clk clock.Clock, rawURL string, out chan<- acquired) {
	go func() {
		release, err := l.Acquire(ctx, rawURL)
		out <- acquired{release: release, at: clk.Now(), err: err}
	}()
}

// mustAcquire acquires without blocking the test for long.
func mustAcquire(t *testing.T, l *HostLimiter, rawURL string) func() {
	t.Helper()
	release, err := l.Acquire(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("Acquire(%s): %v", rawURL, err)
	}
	return release
}

// receive takes one outcome, failing the test if none comes.
func receive(t *testing.T, ch <-chan acquired) acquired {
	t.Helper()
	select {
	case a := <-ch:
		if a.err != nil {
			t.Fatalf("Acquire: %v", a.err)
		}
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("Acquire never returned")
	}
	return acquired{}
}

// none checks that no outcome is ready.
func none(t *testing.T, ch <-chan acquired, when string) {
	t.Helper()
	select {
	case a := <-ch:
		t.Fatalf("%s: Acquire returned (err %v); want it still waiting", when, a.err)
	default:
	}
}

func TestHostLimiterConcurrency(t *testing.T) {
	v := clock.NewVirtual(limiterStart)
	l := NewHostLimiter(2, 0, v)
	first := mustAcquire(t, l, "http://Example.com/a")
	second := mustAcquire(t, l, "https://example.com:8443/b") // same host: port and case ignored

	results := make(chan acquired, 1)
	acquireAsync(context.Background(), l, v, "http://EXAMPLE.COM/c", results)
	waitUntil(t, "the third request waits", func() bool { return l.waitingOn("example.com") == 1 })
	none(t, results, "two in flight")

	other := mustAcquire(t, l, "http://other.example.org/") // another host is not held up
	other()

	first()
	first() // a second release changes nothing
	third := receive(t, results)
	none(t, results, "after the release")
	acquireAsync(context.Background(), l, v, "http://example.com/d", results)
	waitUntil(t, "the fourth request waits", func() bool { return l.waitingOn("example.com") == 1 })
	none(t, results, "a double release must not free a second slot")

	second()
	receive(t, results).release()
	third.release()
	if n := l.tableSize(); n != 0 {
		t.Fatalf("%d hosts remembered after every release with no gap; want 0", n)
	}
}

func TestHostLimiterBoundUnderLoad(t *testing.T) {
	const perHost, workers = 3, 24
	l := NewHostLimiter(perHost, 0, nil)
	var (
		mu            sync.Mutex
		inFlight, top int
		wg            sync.WaitGroup
	)
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := l.Acquire(context.Background(), fmt.Sprintf("https://busy.example/%d", i))
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			inFlight++
			top = max(top, inFlight)
			mu.Unlock()
			runtime.Gosched()
			mu.Lock()
			inFlight--
			mu.Unlock()
			release()
		}()
	}
	wg.Wait()
	if top > perHost || top < 1 {
		t.Fatalf("at most %d requests were in flight together; want 1..%d", top, perHost)
	}
}

func TestHostLimiterGap(t *testing.T) {
	v := clock.NewVirtual(limiterStart)
	l := NewHostLimiter(10, 10*time.Second, v)
	mustAcquire(t, l, "https://feeds.example/a")()

	results := make(chan acquired, 2)
	acquireAsync(context.Background(), l, v, "https://feeds.example/b", results)
	acquireAsync(context.Background(), l, v, "https://feeds.example/c", results)
	waitUntil(t, "both wait on the clock", func() bool { return v.Waiters() == 2 })

	mustAcquire(t, l, "https://elsewhere.example/")() // another host has its own gap

	v.Advance(9 * time.Second)
	none(t, results, "9s after the first start")
	v.Advance(time.Second)
	if got := receive(t, results); !got.at.Equal(limiterStart.Add(10 * time.Second)) {
		t.Fatalf("second start at %v; want first start + 10s", got.at)
	}
	waitUntil(t, "the loser waits again", func() bool { return v.Waiters() == 1 })
	none(t, results, "one gap after the second start")
	v.Advance(10 * time.Second)
	if got := receive(t, results); !got.at.Equal(limiterStart.Add(20 * time.Second)) {
		t.Fatalf("third start at %v; want first start + 20s", got.at)
	}
}

func TestHostLimiterCancel(t *testing.T) {
	v := clock.NewVirtual(limiterStart)
	tests := []struct {
		name    string
		perHost int
		gap     time.Duration
	}{
		{"waiting for a slot", 1, 0},
		{"waiting for the gap", 5, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewHostLimiter(tt.perHost, tt.gap, v)
			held := mustAcquire(t, l, "https://slow.example/")
			defer held()
			ctx, cancel := context.WithCancel(context.Background())
			results := make(chan acquired, 1)
			acquireAsync(ctx, l, v, "https://slow.example/", results)
			waitUntil(t, "the request waits", func() bool { return l.waitingOn("slow.example") == 1 })
			cancel()
			got := <-results
			if !errors.Is(got.err, context.Canceled) || !strings.Contains(got.err.Error(), "slow.example") {
				t.Fatalf("Acquire after cancel = %v; want context.Canceled naming the host", got.err)
			}
			if n := l.waitingOn("slow.example"); n != 0 {
				t.Fatalf("%d waiters left behind", n)
			}
		})
	}
	t.Run("already canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := NewHostLimiter(1, 0, v).Acquire(ctx, "https://free.example/"); !errors.Is(err, context.Canceled) {
			t.Fatalf("Acquire with a canceled context = %v; want context.Canceled", err)
		}
	})
}

func TestHostLimiterForgetsIdleHosts(t *testing.T) {
	v := clock.NewVirtual(limiterStart)
	l := NewHostLimiter(1, time.Second, v)
	for i := range 1000 {
		mustAcquire(t, l, fmt.Sprintf("https://h%d.example/", i))()
	}
	if n := l.tableSize(); n != 1000 {
		t.Fatalf("%d hosts remembered within the gap; want all 1000", n)
	}
	v.Advance(2 * time.Second)
	for i := range 100 {
		mustAcquire(t, l, fmt.Sprintf("https://new%d.example/", i))()
	}
	if n := l.tableSize(); n > 100 {
		t.Fatalf("%d hosts remembered; the 1000 idle ones should have been swept", n)
	}
}

func TestHostLimiterBadURL(t *testing.T) {
	l := NewHostLimiter(1, 0, nil)
	for _, raw := range []string{"", "/relative/path", "http://%zz/", "mailto:someone@example.com"} {
		if _, err := l.Acquire(context.Background(), raw); err == nil || !strings.HasPrefix(err.Error(), "fetch: ") {
			t.Errorf("Acquire(%q) = %v; want a fetch error", raw, err)
		}
	}
}

func BenchmarkHostLimiter(b *testing.B) {
	l := NewHostLimiter(4, 0, nil)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		release, err := l.Acquire(ctx, fmt.Sprintf("https://h%d.example/feed", i%64))
		if err != nil {
			b.Fatal(err)
		}
		release()
	}
}
