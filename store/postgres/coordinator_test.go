package postgres_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"vigil"
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

func TestClaimDueIsExclusiveUntilTheLeaseEnds(t *testing.T) {
	db, ids := coordinated(t, 3)
	a := newCoordinator(t, db, "a", time.Minute, 0)
	b := newCoordinator(t, db, "b", time.Minute, 0)
	steps := []struct {
		name  string
		c     *postgres.Coordinator
		at    time.Time
		limit int
		want  []int64
	}{
		{"a claims two due feeds, earliest first", a, t0, 2, ids[:2]},
		{"b gets only the one a does not hold", b, t0.Add(59 * time.Second), 5, ids[2:]},
		{"a gets none while the leases run", a, t0.Add(time.Second), 5, nil},
		{"a takes over every feed when the leases expire", a, t0.Add(2 * time.Minute), 5, ids},
	}
	for _, s := range steps {
		feeds, spent, err := s.c.ClaimDue(ctx, s.at, s.limit, 0, nil)
		got := feedIDs(feeds)
		if err != nil || spent || !slices.Equal(got, s.want) {
			t.Fatalf("%s: ClaimDue = %v, %v, %v; want %v", s.name, got, spent, err, s.want)
		}
	}
	if ok, err := b.Renew(ctx, ids[2], t0.Add(2*time.Minute)); ok || err != nil {
		t.Errorf("b renewed a lease a took over: %v, %v", ok, err)
	}
	if ok, err := a.Renew(ctx, ids[2], t0.Add(2*time.Minute)); !ok || err != nil {
		t.Errorf("a could not renew its lease: %v, %v", ok, err)
	}
	if err := a.Release(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := b.ClaimDue(ctx, t0.Add(2*time.Minute), 5, 0, nil); !slices.Equal(feedIDs(got), ids[:1]) {
		t.Errorf("after a released feed %d, b claimed %v", ids[0], got)
	}
	if err := db.SetNextFetch(ctx, ids[1], t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := b.ClaimDue(ctx, t0.Add(10*time.Minute), 5, 0, nil); slices.Contains(feedIDs(got), ids[1]) {
		t.Errorf("ClaimDue took feed %d, no longer due", ids[1])
	}
}

// feedIDs returns the IDs of claimed feeds, in order.
func feedIDs(feeds []vigil.Feed) []int64 {
	var ids []int64
	for _, f := range feeds {
		ids = append(ids, f.ID)
	}
	return ids
}

func TestClaimDueEndsTheLeasesOfFinishedFetches(t *testing.T) {
	for _, budget := range []int{0, 10} {
		t.Run(fmt.Sprintf("budget %d", budget), func(t *testing.T) {
			db, ids := coordinated(t, 4)
			a := newCoordinator(t, db, "a", time.Minute, 0)
			b := newCoordinator(t, db, "b", time.Minute, 0)
			steps := []struct {
				name  string
				c     *postgres.Coordinator
				limit int
				done  []int64
				want  []int64
			}{
				{"a claims two", a, 2, nil, ids[:2]},
				{"b claims the other two", b, 2, nil, ids[2:]},
				{"b cannot end a's leases", b, 0, ids[:2], nil},
				{"a ends one lease; the same claim does not take it back", a, 3, ids[:1], nil},
				{"b, ending its own leases, takes the feed a let go", b, 3, ids[2:], ids[:1]},
				{"a takes the two b let go", a, 3, nil, ids[2:]},
			}
			for _, s := range steps {
				got, _, err := s.c.ClaimDue(ctx, t0, s.limit, budget, s.done)
				if err != nil || !slices.Equal(feedIDs(got), s.want) {
					t.Fatalf("%s: ClaimDue = %v, %v; want %v", s.name, feedIDs(got), err, s.want)
				}
			}
		})
	}
}

func TestClaimDueReturnsTheFeedsAsStored(t *testing.T) {
	db, ids := coordinated(t, 2)
	if err := db.SetNextFetch(ctx, ids[1], t0.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	c := newCoordinator(t, db, "a", time.Minute, 0)
	got, _, err := c.ClaimDue(ctx, t0, 5, 0, nil)
	if err != nil || len(got) != 2 {
		t.Fatalf("ClaimDue = %v, %v; want both feeds", feedIDs(got), err)
	}
	for _, f := range got {
		want, err := db.Feed(ctx, f.ID)
		if err != nil {
			t.Fatal(err)
		}
		if f.URL != want.URL || !f.NextFetch.Equal(want.NextFetch) || f.Subscribers != 1 || want.Subscribers != 1 {
			t.Errorf("claimed feed %d = %+v, stored %+v", f.ID, f, *want)
		}
	}
}

func TestConcurrentClaimsShareOutFeedsAndKeepTheBudget(t *testing.T) {
	const feeds, workers, budget = 40, 4, 25
	db, _ := coordinated(t, feeds)
	var mu sync.Mutex
	owners := map[int64]int{}
	spentSeen := false
	var wg sync.WaitGroup
	for w := range workers {
		c := newCoordinator(t, db, fmt.Sprintf("w%d", w), time.Hour, 0)
		wg.Go(func() {
			for range feeds {
				got, spent, err := c.ClaimDue(ctx, t0, 3, budget, nil)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, f := range got {
					owners[f.ID]++
				}
				spentSeen = spentSeen || spent
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(owners) != budget {
		t.Errorf("%d feeds claimed, want exactly the budget of %d", len(owners), budget)
	}
	for id, n := range owners {
		if n > 1 {
			t.Errorf("feed %d claimed %d times", id, n)
		}
	}
	if !spentSeen {
		t.Error("no claim reported the budget spent")
	}
}

func TestHostGapRunsFromTheEndOfARequest(t *testing.T) {
	db, _ := coordinated(t, 0)
	gap := 2 * time.Second
	a := newCoordinator(t, db, "a", time.Minute, gap)
	b := newCoordinator(t, db, "b", time.Minute, gap)
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
	a := newCoordinator(t, db, "a", 0, 0)
	b := newCoordinator(t, db, "b", 0, 0)
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

// newCoordinator returns a coordinator closed when the test ends.
func newCoordinator(t *testing.T, db *postgres.DB, worker string, lease, gap time.Duration) *postgres.Coordinator {
	t.Helper()
	c, err := postgres.NewCoordinator(db, worker, lease, gap)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func TestAcquireHostRenewsTheClaimedFeedsLease(t *testing.T) {
	db, ids := coordinated(t, 2)
	a := newCoordinator(t, db, "a", time.Minute, 0)
	b := newCoordinator(t, db, "b", time.Minute, 0)
	if got, _, err := a.ClaimDue(ctx, t0, 2, 0, nil); err != nil || len(got) != 2 {
		t.Fatalf("a claimed %v, %v; want both feeds", feedIDs(got), err)
	}
	check := func(name string, c *postgres.Coordinator, host string, feed int64, at time.Time, wantOK, wantRenewed bool) {
		t.Helper()
		ok, renewed, _, err := c.AcquireHostRenewing(ctx, host, feed, at)
		if err != nil || ok != wantOK || renewed != wantRenewed {
			t.Errorf("%s: AcquireHostRenewing = %v, %v, %v; want %v, %v", name, ok, renewed, err, wantOK, wantRenewed)
		}
	}
	check("a takes a free host and renews its lease", a, "one.example", ids[0], t0.Add(50*time.Second), true, true)
	check("b cannot take the host a holds", b, "one.example", ids[1], t0.Add(55*time.Second), false, false)
	if got, _, _ := b.ClaimDue(ctx, t0.Add(90*time.Second), 5, 0, nil); !slices.Equal(feedIDs(got), ids[1:]) {
		t.Fatalf("b claimed %v; want only feed %d, whose lease a did not renew", feedIDs(got), ids[1])
	}
	check("a takes a host but its lease on the feed is lost", a, "two.example", ids[1], t0.Add(95*time.Second), true, false)
	check("b takes a host and renews the lease it took over", b, "three.example", ids[1], t0.Add(95*time.Second), true, true)
}

func TestKeptHostIsTakenBackWithoutEndingItsLease(t *testing.T) {
	db, _ := coordinated(t, 0)
	gap := 2 * time.Second
	a := newCoordinator(t, db, "a", time.Minute, gap) // a kept lease is taken back for 15 s
	b := newCoordinator(t, db, "b", time.Minute, gap)
	acquire := func(name string, c *postgres.Coordinator, host string, at time.Time, wantOK bool, wantRetry time.Time) {
		t.Helper()
		ok, retry, err := c.AcquireHost(ctx, host, at)
		if err != nil || ok != wantOK || (!wantRetry.IsZero() && !retry.Equal(wantRetry)) {
			t.Fatalf("%s: AcquireHost = %v, retry %v, %v; want %v, retry %v", name, ok, retry, err, wantOK, wantRetry)
		}
	}
	acquire("a takes the host", a, "example.com", t0, true, time.Time{})
	a.KeepHost("example.com", t0.Add(time.Second))
	acquire("b while a keeps the host", b, "example.com", t0.Add(5*time.Second), false, time.Time{})
	acquire("a within the gap of its last request", a, "example.com", t0.Add(2*time.Second), false, t0.Add(3*time.Second))
	acquire("a once the gap passed", a, "example.com", t0.Add(3*time.Second), true, time.Time{})
	a.KeepHost("example.com", t0.Add(4*time.Second))
	if err := a.ReleaseKept(ctx); err != nil {
		t.Fatal(err)
	}
	acquire("b within the gap of a's last request", b, "example.com", t0.Add(4*time.Second+gap-time.Millisecond), false, t0.Add(4*time.Second+gap))
	acquire("b once it passed", b, "example.com", t0.Add(4*time.Second+gap), true, time.Time{})

	acquire("a takes another host", a, "other.example", t0, true, time.Time{})
	a.KeepHost("other.example", t0.Add(time.Second))
	acquire("a after a quarter of the lease: ended and taken afresh", a, "other.example", t0.Add(20*time.Second), true, time.Time{})
	acquire("b while a holds the fresh lease", b, "other.example", t0.Add(70*time.Second), false, time.Time{})
	if err := a.ReleaseKept(ctx); err != nil { // nothing kept: the fresh lease stays
		t.Fatal(err)
	}
	acquire("b after ReleaseKept of nothing kept", b, "other.example", t0.Add(75*time.Second), false, time.Time{})
	acquire("b once the fresh lease expired", b, "other.example", t0.Add(81*time.Second), true, time.Time{})
}

// TestWaitingForAHostGivesBackTheKeptOnes checks that two workers each
// keeping a host the other asks for do not wait for each other until the
// leases expire: the first to find its host held gives back the hosts it
// kept, so the other takes them once the gap has passed.
func TestWaitingForAHostGivesBackTheKeptOnes(t *testing.T) {
	db, _ := coordinated(t, 0)
	gap := time.Second
	a := newCoordinator(t, db, "a", 2*time.Minute, gap)
	b := newCoordinator(t, db, "b", 2*time.Minute, gap)
	acquire := func(name string, c *postgres.Coordinator, host string, at time.Duration, wantOK bool) {
		t.Helper()
		ok, _, err := c.AcquireHost(ctx, host, t0.Add(at))
		if err != nil || ok != wantOK {
			t.Fatalf("%s: AcquireHost = %v, %v; want %v", name, ok, err, wantOK)
		}
	}
	acquire("a takes x", a, "x.example", 0, true)
	acquire("b takes y", b, "y.example", 0, true)
	a.KeepHost("x.example", t0.Add(time.Second))
	b.KeepHost("y.example", t0.Add(time.Second))
	acquire("a asks for y, which b keeps", a, "y.example", 2*time.Second, false)
	acquire("b asks for x, which a gave back", b, "x.example", 3*time.Second, true)
	acquire("a asks for x, which b now holds", a, "x.example", 3*time.Second, false)
	acquire("b takes back y, kept", b, "y.example", 3*time.Second, true)
}
