package postgres_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/monitor"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// t0 is the base instant of the coordination tests.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// coordinated opens a fresh store with n feeds followed by one user, due
// at t0, and returns it with their IDs.
func coordinated(t *testing.T, n int) (*postgres.DB, []int64) {
	t.Helper()
	db, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, n)
	for i := range ids {
		sub, err := db.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", i), 1, t0)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = sub.Feed.ID
	}
	return db, ids
}

func TestClaimIsExclusiveUntilTheLeaseEnds(t *testing.T) {
	db, ids := coordinated(t, 1)
	a := postgres.NewCoordinator(db, "a", time.Minute, 0)
	b := postgres.NewCoordinator(db, "b", time.Minute, 0)
	steps := []struct {
		name string
		c    *postgres.Coordinator
		at   time.Time
		want monitor.ClaimResult
	}{
		{"a claims the due feed", a, t0, monitor.Claimed},
		{"b cannot while a's lease runs", b, t0.Add(59 * time.Second), monitor.Taken},
		{"a cannot claim it twice", a, t0.Add(time.Second), monitor.Taken},
		{"b takes over when the lease expires", b, t0.Add(time.Minute), monitor.Claimed},
	}
	for _, s := range steps {
		got, err := s.c.Claim(ctx, ids[0], s.at, 0)
		if err != nil || got != s.want {
			t.Fatalf("%s: Claim = %v, %v; want %v", s.name, got, err, s.want)
		}
	}
	if err := b.Release(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.Claim(ctx, ids[0], t0.Add(61*time.Second), 0); got != monitor.Claimed {
		t.Errorf("after b released the feed, a's Claim = %v, want Claimed", got)
	}
	if err := db.SetNextFetch(ctx, ids[0], t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	a.Release(ctx, ids[0])
	if got, _ := b.Claim(ctx, ids[0], t0.Add(2*time.Minute), 0); got != monitor.Taken {
		t.Errorf("Claim of a feed no longer due = %v, want Taken", got)
	}
}

func TestConcurrentClaimsShareOutFeedsAndKeepTheBudget(t *testing.T) {
	const feeds, workers, budget = 40, 4, 25
	db, ids := coordinated(t, feeds)
	var claimed, spent atomic.Int64
	owners := make([]atomic.Int32, feeds)
	var wg sync.WaitGroup
	for w := range workers {
		c := postgres.NewCoordinator(db, fmt.Sprintf("w%d", w), time.Hour, 0)
		wg.Go(func() {
			for i, id := range ids {
				res, err := c.Claim(ctx, id, t0, budget)
				if err != nil {
					t.Error(err)
					return
				}
				switch res {
				case monitor.Claimed:
					claimed.Add(1)
					owners[i].Add(1)
				case monitor.BudgetSpent:
					spent.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if claimed.Load() != budget {
		t.Errorf("%d feeds claimed, want exactly the budget of %d", claimed.Load(), budget)
	}
	for i := range owners {
		if n := owners[i].Load(); n > 1 {
			t.Errorf("feed %d claimed by %d workers at once", ids[i], n)
		}
	}
	if spent.Load() == 0 {
		t.Error("no claim was refused for the budget")
	}
}

func TestHostGapRunsFromTheEndOfARequest(t *testing.T) {
	db, _ := coordinated(t, 0)
	gap := 2 * time.Second
	a := postgres.NewCoordinator(db, "a", time.Minute, gap)
	b := postgres.NewCoordinator(db, "b", time.Minute, gap)
	if ok, _, err := a.AcquireHost(ctx, "example.com", t0); !ok || err != nil {
		t.Fatalf("first AcquireHost = %v, %v", ok, err)
	}
	if ok, _, _ := b.AcquireHost(ctx, "example.com", t0.Add(5*time.Second)); ok {
		t.Fatal("b acquired a host a holds")
	}
	if ok, _, _ := b.AcquireHost(ctx, "other.example", t0); !ok {
		t.Fatal("b could not acquire another host")
	}
	end := t0.Add(10 * time.Second)
	if err := a.ReleaseHost(ctx, "example.com", end); err != nil {
		t.Fatal(err)
	}
	ok, retry, _ := b.AcquireHost(ctx, "example.com", end.Add(gap-time.Millisecond))
	if ok || !retry.Equal(end.Add(gap)) {
		t.Fatalf("AcquireHost inside the gap = %v, retry %v; want refused until %v", ok, retry, end.Add(gap))
	}
	if ok, _, _ := b.AcquireHost(ctx, "example.com", end.Add(gap)); !ok {
		t.Fatal("AcquireHost once the gap passed was refused")
	}
	if ok, _, _ := a.AcquireHost(ctx, "example.com", end.Add(gap+time.Minute)); !ok {
		t.Fatal("a could not take over the host after b's lease expired")
	}
}

func TestExclusiveRunsOnceAtATimeAndOncePerPeriod(t *testing.T) {
	db, _ := coordinated(t, 0)
	a := postgres.NewCoordinator(db, "a", 0, 0)
	b := postgres.NewCoordinator(db, "b", 0, 0)
	runs := 0
	inner := func() {
		runs++
		// While a holds the lock, b does not run the task.
		if err := b.Exclusive(ctx, "replan", t0.Add(48*time.Hour), time.Hour, func() { runs += 100 }); err != nil {
			t.Error(err)
		}
	}
	if err := a.Exclusive(ctx, "replan", t0, time.Hour, inner); err != nil {
		t.Fatal(err)
	}
	if err := b.Exclusive(ctx, "replan", t0.Add(30*time.Minute), time.Hour, func() { runs += 10 }); err != nil {
		t.Fatal(err)
	}
	if err := b.Exclusive(ctx, "replan", t0.Add(time.Hour), time.Hour, func() { runs += 1000 }); err != nil {
		t.Fatal(err)
	}
	if runs != 1001 {
		t.Errorf("runs = %d, want 1001: a once, b not while a ran nor within the period, b once after it", runs)
	}
}
