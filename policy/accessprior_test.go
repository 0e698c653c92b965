package policy

import (
	"math"
	"testing"
	"time"

	"vigil"
)

// TestAccessPriorShrinksFewAccesses has a busy reader of feed 1, who looks
// ten times a day spread over the day, and two readers of feed 2: one who
// looked three times at 08:00 in the window, one who looked only before
// it. Without a prior feed 2's pattern is the three spikes of one reader
// (Sia et al.'s estimate); with k pseudo-accesses every reader's shape
// moves toward a flat day and their rate toward the pooled rate by
// k/(n + k), and the reader absent from the window counts with a flat day.
func TestAccessPriorShrinksFewAccesses(t *testing.T) {
	looks := map[int64][]time.Time{}
	for d := range 14 {
		day := t0.Add(-time.Duration(d+1) * 24 * time.Hour)
		for h := range 10 {
			looks[1] = append(looks[1], day.Add(time.Duration(h*2+1)*time.Hour))
		}
	}
	for d := range 3 {
		looks[2] = append(looks[2], t0.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour))
	}
	looks[3] = []time.Time{t0.Add(-30 * 24 * time.Hour)}
	readers := []vigil.Reader{{UserID: 1, FeedID: 1, Weight: 1}, {UserID: 2, FeedID: 2, Weight: 1}, {UserID: 3, FeedID: 2, Weight: 1}}
	window := AccessWindow.Hours()
	pooled := 143 / (3 * window) // 140 + 3 + 0 accesses over three windows
	cases := []struct {
		name   string
		k      float64
		day2   float64 // feed 2's accesses per day
		hour14 float64 // feed 2's accesses per hour at 14:00
	}{
		{"raw", 0, 3 / 14.0, 0},
		{"k 10", 10, 24 * ((3+10)/(window+10/pooled) + 10/(window+10/pooled)), 24 * (10.0/13*(3+10)/(window+10/pooled)/24 + 10/(window+10/pooled)/24)},
	}
	for _, c := range cases {
		m := AccessModel{Prior: c.k, Raw: c.k == 0}
		got := m.FeedAccess(readers, looks, t0)[2]
		if len(got) != 24 {
			t.Fatalf("%s: feed 2 has no pattern", c.name)
		}
		total := 0.0
		for _, v := range got {
			total += v
		}
		if math.Abs(total-c.day2) > 1e-9*c.day2 {
			t.Errorf("%s: feed 2 is read %.6f times a day, want %.6f", c.name, total, c.day2)
		}
		if math.Abs(got[14]-c.hour14) > 1e-9+1e-9*c.hour14 {
			t.Errorf("%s: feed 2 at 14:00 %.6g, want %.6g", c.name, got[14], c.hour14)
		}
	}
}

func TestAccessPriorValidates(t *testing.T) {
	for _, k := range []float64{-1, math.Inf(1), math.NaN()} {
		c := DefaultConfig
		c.PerDay = 1
		c.Access = AccessModel{Prior: k}
		if c.Validate() == nil {
			t.Errorf("prior %v accepted", k)
		}
	}
}

// TestAccessWindow has a reader who looked at 20:00 two weeks ago and at
// 08:00 in the last three days: a week's window sees only the 08:00
// looks, the default 14 days and 28 days see both.
func TestAccessWindow(t *testing.T) {
	var looks []time.Time
	for d := range 3 {
		looks = append(looks, t0.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour))
		looks = append(looks, t0.Add(-time.Duration(d+10)*24*time.Hour+20*time.Hour))
	}
	readers := []vigil.Reader{{UserID: 1, FeedID: 1, Weight: 1}}
	for _, c := range []struct {
		window time.Duration
		at20   bool
	}{{7 * 24 * time.Hour, false}, {0, true}, {28 * 24 * time.Hour, true}} {
		got := AccessModel{Raw: true, Window: c.window}.FeedAccess(readers, map[int64][]time.Time{1: looks}, t0)[1]
		if len(got) != 24 || got[8] <= 0 || (got[20] > 0) != c.at20 {
			t.Errorf("window %v: pattern %v, want 20:00 counted: %v", c.window, got, c.at20)
		}
	}
}

// TestAccessFlat has one reader who looks only at 08:00: a flat share f
// leaves (1 − f) of the day's accesses at 08:00 plus an even share, keeps
// the day's total, and a share outside 0-1 is refused.
func TestAccessFlat(t *testing.T) {
	var looks []time.Time
	for d := range 14 {
		looks = append(looks, t0.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour))
	}
	readers := []vigil.Reader{{UserID: 1, FeedID: 1, Weight: 1}}
	day := 1.0 // accesses per day
	for _, f := range []float64{0, 0.25, 1} {
		got := AccessModel{Raw: true, Flat: f}.FeedAccess(readers, map[int64][]time.Time{1: looks}, t0)[1]
		total := 0.0
		for _, v := range got {
			total += v
		}
		want8, want14 := (1-f)*day+f*day/24, f*day/24
		if math.Abs(total-day) > 1e-9 || math.Abs(got[8]-want8) > 1e-9 || math.Abs(got[14]-want14) > 1e-9 {
			t.Errorf("flat %v: total %v, 08:00 %v, 14:00 %v; want %v, %v, %v", f, total, got[8], got[14], day, want8, want14)
		}
	}
	for _, f := range []float64{-0.1, 1.5, math.NaN()} {
		c := DefaultConfig
		c.PerDay = 1
		c.Access = AccessModel{Flat: f}
		if c.Validate() == nil {
			t.Errorf("flat share %v accepted", f)
		}
	}
}
