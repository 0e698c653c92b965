package sim

import (
	"testing"
	"time"

	"vigil"
	"vigil/policy"
)

// TestSimLearnsAsTheLiveMonitor replays the fetches a simulated run made of
// a source through the live monitor's adapter (policy.Live.Observe), with
// the items a feed would show: dated, or without dates as a feed that gives
// none. The models the monitor stores must be exactly those the simulator
// planned by: one code path learns from a fetch in both.
func TestSimLearnsAsTheLiveMonitor(t *testing.T) {
	srcs := synthSources(5, 6, 6, 40)
	for _, dateless := range []bool{false, true} {
		cfg := Config{Policy: "accrued", PerSource: 4, Train: 2 * 24 * time.Hour, Seed: 1, NoDates: dateless}
		r, err := cfg.resolve(srcs)
		if err != nil {
			t.Fatal(err)
		}
		tracks := newTracks(srcs, sourceWeights(len(srcs), nil, nil), r.DefaultWindow)
		e, err := simulate(r, tracks, nil)
		if err != nil {
			t.Fatal(err)
		}
		live, err := policy.NewLive("accrued", policy.DefaultConfig, r.Alpha, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tracks {
			f := vigil.Feed{ID: int64(i + 1), CreatedAt: r.Start}
			seen := 0
			for _, at := range tracks[i].fetches {
				items, k, shown := shownItems(&tracks[i], seen, at, dateless)
				o := vigil.Observation{At: unix(at), NewItems: len(items), Items: shown}
				if err := live.Observe(&f, o, items); err != nil {
					t.Fatal(err)
				}
				seen = k
			}
			want, _ := e.srcs[i].Models.Marshal()
			if string(f.Model) != string(want) {
				t.Fatalf("dateless %v, source %d: the monitor learned\n%s\nthe simulator\n%s", dateless, i, f.Model, want)
			}
		}
	}
}

// shownItems is what a fetch at t finds new after seen postings: the items
// its window shows that were not there before, dated or not, the postings
// up to t and how many items the window shows in all.
func shownItems(tr *track, seen int, t int64, dateless bool) ([]vigil.Item, int, int) {
	k := tr.countUpTo(seen, t)
	var items []vigil.Item
	for j := max(seen, tr.shown(k)); j < k; j++ {
		it := vigil.Item{}
		if !dateless {
			it.Published = unix(tr.posts[j])
		}
		items = append(items, it)
	}
	return items, k, k - tr.shown(k)
}

func TestDatelessShare(t *testing.T) {
	srcs := synthSources(3, 40, 4, 20)
	cases := []struct {
		share float64
		want  int
	}{{0, 0}, {0.2, 8}, {0.5, 20}, {1, 40}}
	for _, c := range cases {
		tracks := newTracks(srcs, sourceWeights(len(srcs), nil, nil), 15)
		markDateless(tracks, srcs, c.share, DefaultDatelessSeed)
		got := 0
		for _, tr := range tracks {
			if tr.dateless {
				got++
			}
		}
		if got != c.want {
			t.Errorf("share %v: %d sources without dates, want %d", c.share, got, c.want)
		}
	}
	// The choice follows the IDs, not their order.
	a := newTracks(srcs, sourceWeights(len(srcs), nil, nil), 15)
	markDateless(a, srcs, 0.3, 9)
	rev := make([]Source, len(srcs))
	for i := range srcs {
		rev[len(srcs)-1-i] = srcs[i]
	}
	b := newTracks(rev, sourceWeights(len(rev), nil, nil), 15)
	markDateless(b, rev, 0.3, 9)
	for i := range a {
		if a[i].dateless != b[len(b)-1-i].dateless {
			t.Fatalf("source %s: chosen in one order and not the other", srcs[i].ID)
		}
	}
	if _, err := Run(Config{Policy: "uniform", PerSource: 1, DatelessShare: 1.5}, srcs, nil); err == nil {
		t.Error("a share above 1 was accepted")
	}
}
