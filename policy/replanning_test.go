package policy

import (
	"reflect"
	"testing"
	"time"

	"vigil"
	"vigil/plan"
)

// planPopulation is a mix of feeds a re-plan meets: learned ones of many
// rates, weights and windows, new ones never fetched, a failing one, one
// with hints, one nobody follows.
func planPopulation(t *testing.T) []vigil.Feed {
	t.Helper()
	var feeds []vigil.Feed
	for i, perDay := range []float64{0.2, 1, 3, 12, 48, 200, 0.05, 6} {
		f := liveFeed(t, int64(i+1), perDay, t0.Add(-time.Duration(i*17)*time.Minute))
		f.Weight, f.NextFetch, f.CreatedAt = float64(1+i%3), t0.Add(time.Duration(i)*time.Hour), t0.Add(-9*24*time.Hour)
		if i%2 == 0 {
			f.Window = 10 + i
		}
		feeds = append(feeds, f)
	}
	feeds[2].Failures = 2
	feeds[5].Hints = vigil.Hints{TTL: 2 * time.Hour}
	feeds[6].Subscribers = 0
	for id := int64(20); id < 26; id++ {
		feeds = append(feeds, vigil.Feed{ID: id, Subscribers: 1, Weight: 1, CreatedAt: t0.Add(-time.Minute), NextFetch: t0})
	}
	return feeds
}

// pagesOf hands feeds over size at a time.
func pagesOf(feeds []vigil.Feed, size int) func(func([]vigil.Feed)) error {
	return func(page func([]vigil.Feed)) error {
		for rest := feeds; len(rest) > 0; {
			n := min(size, len(rest))
			page(rest[:n])
			rest = rest[n:]
		}
		return nil
	}
}

// replanned is what a re-plan gives: the next fetch of each feed it
// reschedules, the verification intervals, the budget left and the
// policy's stored plan.
type replanned struct {
	next  map[int64]time.Time
	out   plan.Replanned
	state []byte
}

// replanBy re-plans feeds at now by pages of size, streamed or not.
func replanBy(t *testing.T, l *Live, feeds []vigil.Feed, size int, stream bool) replanned {
	t.Helper()
	r := l.startReplan(nil, plan.Verification{}, nil, nil, t0, stream)
	read := pagesOf(feeds, size)
	if err := read(r.add); err != nil {
		t.Fatal(err)
	}
	out, err := r.plan()
	if err != nil {
		t.Fatal(err)
	}
	got := replanned{next: map[int64]time.Time{}, out: out}
	if err := read(func(page []vigil.Feed) {
		for i := range page {
			if at, ok := r.nextOf(&page[i]); ok {
				got.next[page[i].ID] = at
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if got.state, _, err = l.PlanState(); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestStreamedReplanIsTheWholePlan checks that accrued's streamed re-plan,
// from a few sums a feed read a page at a time, gives every feed the next
// fetch and the policy the plan that planning all sources together gives,
// under a fixed budget and one per followed feed, tight and loose.
func TestStreamedReplanIsTheWholePlan(t *testing.T) {
	tests := []struct {
		name            string
		perDay, perFeed float64
	}{
		{"tight budget", 10, 0},
		{"loose budget", 5000, 0},
		{"per feed", 0, 4},
		{"per feed, tight", 0, 0.5},
	}
	feeds := planPopulation(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []replanned
			for _, by := range []struct {
				size   int
				stream bool
			}{{len(feeds), false}, {3, true}, {1, true}, {len(feeds), true}} {
				l, err := NewLive("accrued", DefaultConfig, 0.2, tt.perDay, tt.perFeed)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, replanBy(t, l, feeds, by.size, by.stream))
			}
			if len(got[0].next) != 6 {
				t.Fatalf("the whole plan rescheduled %d feeds, want the 6 fetched, followed and not failing: %v", len(got[0].next), got[0].next)
			}
			for i, g := range got[1:] {
				if !reflect.DeepEqual(g, got[0]) {
					t.Errorf("streamed re-plan %d:\n got %v\nwant %v", i+1, g, got[0])
				}
			}
		})
	}
}

// TestReplanPagedReadsAgainOnlyToReschedule checks that ReplanPaged reads
// the feeds a second time only when some feed is to be rescheduled, and
// then hands over each such feed once, streamed or not.
func TestReplanPagedReadsAgainOnlyToReschedule(t *testing.T) {
	fresh := planPopulation(t)[8:]
	tests := []struct {
		name      string
		policy    string
		feeds     []vigil.Feed
		reads     int
		scheduled int
	}{
		{"accrued, new feeds", "accrued", fresh, 1, 0},
		{"user, new feeds", "user", fresh, 1, 0},
		{"accrued", "accrued", planPopulation(t), 2, 6},
		{"user", "user", planPopulation(t), 2, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLive(tt.policy, DefaultConfig, 0.2, 0, 4)
			if err != nil {
				t.Fatal(err)
			}
			reads, handed := 0, map[int64]int{}
			read := func(page func([]vigil.Feed)) error {
				reads++
				return pagesOf(tt.feeds, 4)(page)
			}
			_, err = l.ReplanPaged(read, nil, plan.Verification{}, nil, nil, t0, func(f *vigil.Feed, _ time.Time) { handed[f.ID]++ })
			if err != nil {
				t.Fatal(err)
			}
			if reads != tt.reads || len(handed) != tt.scheduled {
				t.Errorf("%d reads, %d feeds rescheduled; want %d and %d", reads, len(handed), tt.reads, tt.scheduled)
			}
			for id, n := range handed {
				if n != 1 {
					t.Errorf("feed %d handed over %d times", id, n)
				}
			}
		})
	}
}

// TestReplanPagedSkipsAFeedThatMoved checks that a plan made from all
// sources is not handed over for a feed whose next fetch changed between
// the two reads (a fetch ended meanwhile, with its own next time).
func TestReplanPagedSkipsAFeedThatMoved(t *testing.T) {
	l, err := NewLive("user", DefaultConfig, 0.2, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	feeds := planPopulation(t)
	reads, handed := 0, map[int64]bool{}
	read := func(page func([]vigil.Feed)) error {
		if reads++; reads == 2 {
			feeds[0].NextFetch = feeds[0].NextFetch.Add(time.Minute)
		}
		page(feeds)
		return nil
	}
	if _, err := l.ReplanPaged(read, nil, plan.Verification{}, nil, nil, t0, func(f *vigil.Feed, _ time.Time) { handed[f.ID] = true }); err != nil {
		t.Fatal(err)
	}
	if handed[feeds[0].ID] || !handed[feeds[1].ID] {
		t.Errorf("handed over %v: want feed %d, not feed %d, which moved", handed, feeds[1].ID, feeds[0].ID)
	}
}
