package policy

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"vigil"
)

// TestAccessHeldBackChooses has three feeds, one reader each, who looked
// most days at about 09:00 (a random minute of 09:00-10:59, fixed seed)
// in the three weeks before t0. In the last week, the held-back stretch,
// feed 1's reader kept those hours, feed 2's looked at about 07:00
// instead (just before the fetches its old hours call for), and feed 3's
// did not look. Postings come at every hour alike. The check places feed
// 1's fetches by its readers' pattern (Sia et al.) and spaces feed 2's and
// 3's evenly, as uniform does; without a check every feed is placed by its
// pattern.
func TestAccessHeldBackChooses(t *testing.T) {
	const week = 7 * 24 * time.Hour
	rng := rand.New(rand.NewPCG(17, 29))
	looks := map[int64][]time.Time{}
	for d := 21; d >= 1; d-- {
		day := t0.Add(-time.Duration(d) * 24 * time.Hour)
		for user := int64(1); user <= 3; user++ {
			if rng.IntN(7) == 0 { // a day off now and then
				continue
			}
			hour := 9
			switch {
			case d <= 7 && user == 2:
				hour = 7 // just before the fetches placed for 09:00
			case d <= 7 && user == 3:
				continue
			}
			looks[user] = append(looks[user], day.Add(time.Duration(hour)*time.Hour+time.Duration(rng.IntN(120))*time.Minute))
		}
	}
	readers := []vigil.Reader{{UserID: 1, FeedID: 1, Weight: 1}, {UserID: 2, FeedID: 2, Weight: 1}, {UserID: 3, FeedID: 3, Weight: 1}}
	access := (AccessModel{}).FeedAccess(readers, looks, t0)
	checks := (AccessModel{HeldBack: week}).FeedChecks(readers, looks, t0)
	if (AccessModel{}).FeedChecks(readers, looks, t0) != nil {
		t.Error("checks without a held-back stretch")
	}
	const m = 3 // fetches a day
	cases := []struct {
		feed  int64
		aware bool // placed by the readers' pattern, not evenly
	}{
		{1, true},  // the held-back week follows the pattern
		{2, false}, // it contradicts it
		{3, false}, // nobody looked: nothing shows the pattern holds
	}
	for _, c := range cases {
		s := centroidSource(flat(24)) // postings at every hour alike
		s.ID, s.Access = c.feed, access[c.feed]
		if peaked := s.Access[9] > 3*s.Access[15]; !peaked {
			t.Fatalf("feed %d: the learned pattern has no 09:00 peak: %v", c.feed, s.Access)
		}
		learned, err := timesMiss(s, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		even, err := timesUniform(s, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(learned, even) {
			t.Fatalf("feed %d: the pattern places as even spacing does: %v", c.feed, even)
		}
		s.Check = checks[c.feed]
		if s.Check == nil {
			t.Fatalf("feed %d: no check", c.feed)
		}
		got, err := timesMiss(s, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := even
		if c.aware {
			want = learned
		}
		if !slices.Equal(got, want) {
			t.Errorf("feed %d: fetches at minutes %v, want %v (reader-aware %v)", c.feed, got, want, c.aware)
		}
	}
}

// TestAccessHeldBackValidates refuses a negative held-back stretch.
func TestAccessHeldBackValidates(t *testing.T) {
	c := DefaultConfig
	c.PerDay = 1
	c.Access = AccessModel{HeldBack: -time.Hour}
	if c.Validate() == nil {
		t.Error("a negative held-back stretch accepted")
	}
}
