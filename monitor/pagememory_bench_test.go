package monitor

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
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
// extract, extents against the previous version, storage in SQLite): each
// iteration fetches a new random version, so every fetch is a changed one
// measured against the one before. It reports peak-heap-MiB, the highest
// heap in use (live and not yet collected) sampled every millisecond over
// the iterations, less the heap before the first, and B/op, what a fetch
// allocates in all. Run it with -benchtime 2x or more.
func BenchmarkPageFetchRandom(b *testing.B) {
	var version atomic.Uint64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(randomPage(version.Load(), randomPageBytes))
	}))
	defer srv.Close()
	m, st, clk, sub := newPageBench(b, srv.URL+"/random")
	ctx := context.Background()
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	stop := heapPeak()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		version.Add(1)
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
	b.StopTimer()
	peak := stop()
	b.ReportMetric(float64(peak-min(peak, base.HeapAlloc))/(1<<20), "peak-heap-MiB")
	after, _ := st.Page(ctx, sub.Feed.ID)
	b.ReportMetric(float64(after.Versions), "versions")
}
