package monitor

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
	"vigil/store/sqlite"
)

// replanHeapPerFeed bounds how much a first re-plan's live heap grows a
// followed feed under accrued: a few sums a feed, not the feeds.
const replanHeapPerFeed = 150

// TestReplanHeapPerFeed re-plans freshly subscribed feeds on a real SQLite
// file under accrued and fails when the live heap at any point the re-plan
// reads the store grows by more than replanHeapPerFeed bytes a feed from
// 500 to 2,000 feeds, or when the re-plan lists every feed whole.
func TestReplanHeapPerFeed(t *testing.T) {
	small, large := replanHeap(t, 500), replanHeap(t, 2000)
	perFeed := (float64(large) - float64(small)) / 1500
	t.Logf("%.0f B a feed (%d B at 500 feeds, %d B at 2,000)", perFeed, small, large)
	if perFeed > replanHeapPerFeed {
		t.Errorf("a re-plan holds %.0f B a feed, more than the bound of %d", perFeed, replanHeapPerFeed)
	}
}

// replanHeap returns the most the live heap grew over a re-plan of n new
// feeds, sampled whenever the re-plan reads a page of feeds or stores its
// plan.
func replanHeap(t *testing.T, n int) uint64 {
	t.Helper()
	h := newHarness(t, Config{})
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.2, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	for i := range n {
		h.subscribe(fmt.Sprintf("https://feeds%d.example/%d", i%50, i))
	}
	spy := &heapSampler{DB: h.st}
	h.mon.st = spy
	// The peak starts at the base: a heap that only shrank (a collection
	// freeing what the subscriptions left) grew by nothing, not by a
	// negative amount wrapped around.
	spy.base = liveHeap()
	spy.peak = spy.base
	h.mon.replan(context.Background(), h.clk.Now())
	if spy.whole {
		t.Error("the re-plan listed every feed whole (Feeds)")
	}
	if spy.samples == 0 {
		t.Fatalf("the heap was sampled %d times", spy.samples)
	}
	return spy.peak - spy.base
}

// heapSampler is the real store, sampling the live heap when a re-plan
// reads a page of feeds or stores its plan, and noting a listing of every
// feed whole.
type heapSampler struct {
	*sqlite.DB
	base, peak uint64
	samples    int
	whole      bool
}

// PlanFeeds samples the heap and reads the page.
func (s *heapSampler) PlanFeeds(ctx context.Context, after int64, limit int) ([]vigil.Feed, error) {
	s.sample()
	return s.DB.PlanFeeds(ctx, after, limit)
}

// SavePlanState samples the heap and stores the plan.
func (s *heapSampler) SavePlanState(ctx context.Context, policy string, state []byte, at time.Time) error {
	s.sample()
	return s.DB.SavePlanState(ctx, policy, state, at)
}

// Feeds notes a listing of every feed whole.
func (s *heapSampler) Feeds(ctx context.Context) ([]vigil.Feed, error) {
	s.whole = true
	return s.DB.Feeds(ctx)
}

// sample keeps the largest live heap seen.
func (s *heapSampler) sample() {
	s.samples++
	s.peak = max(s.peak, liveHeap())
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
