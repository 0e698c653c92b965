package monitor

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"vigil/internal/courtcal"
)

// randomPageBytes is the size of the hostile page BenchmarkPageFetchRandom
// serves: the fetch's body cap.
const randomPageBytes = 10 << 20

// randomPage returns n random bytes (seeded by version), served as
// text/html: the worst case of the extract, with tags, text and invalid
// UTF-8 at random.
func randomPage(version uint64, n int) []byte {
	r := rand.New(rand.NewPCG(version, 7))
	b := make([]byte, n)
	for i := 0; i < n; i += 8 {
		v := r.Uint64()
		for j := 0; j < 8 && i+j < n; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

// heapPeak samples the heap's allocated bytes (runtime.MemStats.HeapAlloc:
// live objects and garbage not yet collected) every millisecond until stop
// is called, which returns the highest value read.
func heapPeak() (stop func() uint64) {
	done, out := make(chan struct{}), make(chan uint64, 1)
	go func() {
		var ms runtime.MemStats
		var peak uint64
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			select {
			case <-done:
				out <- peak
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); return <-out }
}

// BenchmarkPageFetchRandom measures the memory of fetching a 10 MiB page of
// random bytes served as text/html through the whole page path (HTTP,
// extract, extents against the previous version, storage in SQLite): a
// first version is fetched before the timer, then each iteration fetches
// a new random version, so every fetch timed is a changed one measured
// against the one before. It reports what benchPageFetches does. Run it
// with -benchtime 2x or more.
func BenchmarkPageFetchRandom(b *testing.B) {
	benchPageFetches(b, func(version uint64) []byte { return randomPage(version, randomPageBytes) })
}

// BenchmarkPageFetchCalendar measures fetching a court calendar of 2 MB
// and of 10 MiB (the body cap) through the whole page path, each
// iteration a new version (courtcal.Series: hearings added, moved and
// dropped past the first MiB, or the script and markup changed) measured
// against the one before. It reports what benchPageFetches does.
func BenchmarkPageFetchCalendar(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"2MB", 2 << 20}, {"10MiB", 10<<20 - 64<<10}} {
		b.Run(size.name, func(b *testing.B) {
			versions := courtcal.Series(5, size.n, b.N+1, 1<<20)
			benchPageFetches(b, func(version uint64) []byte { return versions[version].Body })
		})
	}
}

// benchPageFetches serves body(0), body(1), ... as text/html and fetches
// them in turn through the monitor, the first before the timer. It
// reports peak-heap-MiB, the highest heap in use (live and not yet
// collected) sampled every millisecond over the iterations, less the heap
// before the first; cpu-s/op, the process's CPU time (user and system,
// all goroutines) per fetch; B/op, what a fetch allocates in all; and
// versions, those stored.
func benchPageFetches(b *testing.B, body func(version uint64) []byte) {
	var version atomic.Uint64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(body(version.Load()))
	}))
	defer srv.Close()
	m, st, clk, sub := newPageBench(b, srv.URL+"/page")
	ctx := context.Background()
	fetchOnce := func(i int) {
		clk.Advance(time.Hour)
		f, _ := st.Feed(ctx, sub.Feed.ID)
		p, _ := st.Page(ctx, sub.Feed.ID)
		res, err := m.FetchPage(ctx, *f, p)
		if err != nil {
			b.Fatal(err)
		}
		if res.Err != "" {
			b.Fatalf("fetch %d: %v", i, res.Err)
		}
	}
	fetchOnce(0)
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	stop := heapPeak()
	cpu0 := cpuTime(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		version.Add(1)
		fetchOnce(i + 1)
	}
	b.StopTimer()
	b.ReportMetric((cpuTime(b)-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	peak := stop()
	b.ReportMetric(float64(peak-min(peak, base.HeapAlloc))/(1<<20), "peak-heap-MiB")
	after, _ := st.Page(ctx, sub.Feed.ID)
	b.ReportMetric(float64(after.Versions), "versions")
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
