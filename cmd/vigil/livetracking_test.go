package main

import (
	"io"
	"testing"
	"time"

	"vigil"
	"vigil/plan"
	"vigil/policy"
)

// TestLiveNoTracking checks that --no-tracking (or VIGIL_NO_TRACKING)
// reaches the live planner: on a feed whose rate changed (one item a day
// for two weeks, twelve a day over the last two), the command's planner
// plans as accrued with DefaultTracking by default and as accrued without
// tracking with the flag, and the two plans differ.
func TestLiveNoTracking(t *testing.T) {
	now := time.Date(2026, 3, 16, 12, 0, 0, 0, time.UTC)
	feeds := burstFeeds(t, now)
	replan := func(p plan.Planner) time.Time {
		t.Helper()
		next, err := p.(*policy.Live).Replan(feeds, nil, nil, now)
		if err != nil {
			t.Fatal(err)
		}
		return next[1]
	}
	command := func(vars map[string]string, args ...string) time.Time {
		t.Helper()
		e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string { return vars[k] }}
		f := newFlags(e, "fetch", "", "")
		o := addMonitorFlags(f)
		if err := f.parse(args, 0); err != nil {
			t.Fatal(err)
		}
		p, err := o.planner()
		if err != nil {
			t.Fatal(err)
		}
		return replan(p)
	}
	reference := func(tr policy.Tracking) time.Time {
		t.Helper()
		cfg := policy.Config{MinInterval: plan.DefaultBounds.Min, MaxInterval: plan.DefaultBounds.Max, Seed: 1, Tracking: tr}
		p, err := policy.NewLive("accrued", cfg, 0.1, 0, defaultPerFeed)
		if err != nil {
			t.Fatal(err)
		}
		return replan(p)
	}
	tracked, plain := reference(policy.DefaultTracking), reference(policy.Tracking{Off: true})
	if tracked.Equal(plain) {
		t.Fatalf("tracking changed nothing on the bursting feed: next fetch %v both ways", tracked)
	}
	for _, c := range []struct {
		name string
		vars map[string]string
		args []string
		want time.Time
	}{
		{"default", nil, nil, tracked},
		{"flag", nil, []string{"--no-tracking"}, plain},
		{"env", map[string]string{"VIGIL_NO_TRACKING": "1"}, nil, plain},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := command(c.vars, c.args...); !got.Equal(c.want) {
				t.Errorf("next fetch of the bursting feed %v, want %v (with tracking %v, without %v)", got, c.want, tracked, plain)
			}
		})
	}
}

// burstFeeds returns a feed (ID 1) fetched every hour for 16 days up to
// now, with one new item a day for 14 days and one every two hours over the
// last two, and a steady feed (ID 2) with one item a day, both with models
// learned from those fetches, each showing 15 items.
func burstFeeds(t *testing.T, now time.Time) []vigil.Feed {
	t.Helper()
	start := now.Add(-16 * 24 * time.Hour)
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	feeds := []vigil.Feed{{ID: 1, CreatedAt: start}, {ID: 2, CreatedAt: start}}
	for at := start.Add(time.Hour); !at.After(now); at = at.Add(time.Hour) {
		for i := range feeds {
			every := 24
			if feeds[i].ID == 1 && now.Sub(at) < 48*time.Hour {
				every = 2
			}
			var items []vigil.Item
			if at.Sub(start)/time.Hour%time.Duration(every) == 0 {
				items = []vigil.Item{{Published: at.Add(-20 * time.Minute)}}
			}
			o := vigil.Observation{At: at, NewItems: len(items)}
			if err := live.Observe(&feeds[i], o, items); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range feeds {
		feeds[i].Subscribers, feeds[i].Weight, feeds[i].LastFetch, feeds[i].LastSuccess, feeds[i].Window = 1, 1, now, now, 15
	}
	return feeds
}

// TestLivePlacedAllocation checks that --placed-allocation (or
// VIGIL_PLACED_ALLOCATION) reaches the live planner: under the user
// policy, with one reader looking six times between 08:00 and 09:00 every
// day at the bursting feed and another every three hours at 39 steady
// ones, and a budget of two fetches an hour, the command's planner plans
// by the placed costs by default and by Theorem 1's square roots when it
// is false, and the two plans' expected delays differ (the bursting
// feed's second daily fetch, which Theorem 1 gives it, gains little once
// one sits just before 08:00).
func TestLivePlacedAllocation(t *testing.T) {
	now := time.Date(2026, 3, 16, 12, 0, 0, 0, time.UTC)
	feeds := burstFeeds(t, now)
	for id := int64(3); id <= 40; id++ {
		f := feeds[1]
		f.ID = id
		feeds = append(feeds, f)
	}
	readers := []vigil.Reader{{UserID: 1, FeedID: 1, Weight: 1}}
	for _, f := range feeds[1:] {
		readers = append(readers, vigil.Reader{UserID: 2, FeedID: f.ID, Weight: 1})
	}
	looks := map[int64][]time.Time{}
	for d := 14; d >= 1; d-- {
		day := now.Add(-time.Duration(d) * 24 * time.Hour)
		for k := range 6 {
			looks[1] = append(looks[1], day.Add(-4*time.Hour+time.Duration(k)*10*time.Minute))
		}
		for h := 0; h < 24; h += 3 {
			looks[2] = append(looks[2], day.Add(time.Duration(h)*time.Hour))
		}
	}
	// A plan is seen by its expected delay (policy.Live.ExpectedDelay),
	// which each feed's planned fetches a day decide.
	replan := func(p plan.Planner) time.Duration {
		t.Helper()
		l := p.(*policy.Live)
		if _, err := l.Replan(feeds, readers, looks, now); err != nil {
			t.Fatal(err)
		}
		d, ok := l.ExpectedDelay()
		if !ok {
			t.Fatal("the plan has no expected delay")
		}
		return d
	}
	command := func(vars map[string]string, args ...string) time.Duration {
		t.Helper()
		e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string { return vars[k] }}
		f := newFlags(e, "fetch", "", "")
		o := addMonitorFlags(f)
		if err := f.parse(append([]string{"--policy", "user", "--budget", "2"}, args...), 0); err != nil {
			t.Fatal(err)
		}
		p, err := o.planner()
		if err != nil {
			t.Fatal(err)
		}
		return replan(p)
	}
	reference := func(sqrt bool) time.Duration {
		t.Helper()
		cfg := policy.Config{MinInterval: plan.DefaultBounds.Min, MaxInterval: plan.DefaultBounds.Max, Seed: 1,
			Tracking: policy.DefaultTracking, Access: policy.DefaultAccess, SqrtAllocation: sqrt}
		p, err := policy.NewLive("user", cfg, 0.1, 48, defaultPerFeed)
		if err != nil {
			t.Fatal(err)
		}
		return replan(p)
	}
	placed, sqrt := reference(false), reference(true)
	if placed == sqrt {
		t.Fatalf("the two allocations planned alike: expected delay %v both ways", placed)
	}
	for _, c := range []struct {
		name string
		vars map[string]string
		args []string
		want time.Duration
	}{
		{"default", nil, nil, placed},
		{"flag", nil, []string{"--placed-allocation=false"}, sqrt},
		{"env", map[string]string{"VIGIL_PLACED_ALLOCATION": "0"}, nil, sqrt},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := command(c.vars, c.args...); got != c.want {
				t.Errorf("expected delay %v, want %v (placed %v, square roots %v)", got, c.want, placed, sqrt)
			}
		})
	}
}
