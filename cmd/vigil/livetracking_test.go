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
