package sim

import (
	"slices"
	"testing"
	"time"
)

// TestAccessOracleLearnsTheComingWindow checks where the access log
// learns a source's pattern from: the accesses before now, as the live
// monitor does, or, as the oracle bound, those of the coming window. A
// reader who looks only after now, at 07:00 every day, gives no pattern
// from the past and one peaked at 07:00 from the coming window.
func TestAccessOracleLearnsTheComingWindow(t *testing.T) {
	now := time.Date(2013, 7, 1, 0, 0, 0, 0, time.UTC)
	var accesses []time.Time
	for d := range 14 {
		accesses = append(accesses, now.Add(time.Duration(d)*24*time.Hour+7*time.Hour))
	}
	readers := []Reader{{ID: "r", Weight: 1, Follows: []string{"s"}, Accesses: accesses}}
	for _, tc := range []struct {
		oracle  bool
		pattern bool
	}{
		{oracle: false, pattern: false},
		{oracle: true, pattern: true},
	} {
		log := newAccessLog(readers, map[string]int{"s": 0})
		log.oracle = tc.oracle
		hourly, ok := log.feedAccess(now)[1]
		if ok != tc.pattern {
			t.Fatalf("oracle %v: a pattern for the source: %v, want %v", tc.oracle, ok, tc.pattern)
		}
		if !ok {
			continue
		}
		peak := 0
		for h := range hourly {
			if hourly[h] > hourly[peak] {
				peak = h
			}
		}
		if peak != 7 {
			t.Errorf("oracle %v: the pattern peaks at %02d:00, want 07:00: %v", tc.oracle, peak, hourly)
		}
	}
}

// TestLooksTeachTheirFeedAlone checks what the user policy learns from a
// look, an access that concerns one feed: that feed's pattern, not the
// other feeds the reader follows. The reader follows a, b and c, looks at
// a twice at 07:00 and at b twice at 19:00 every day, and accesses all
// three at 12:00; a's and b's patterns then peak at their looks' hours,
// and c's, which nobody looks at alone, at noon, with nothing more at
// 07:00 than at 19:00.
func TestLooksTeachTheirFeedAlone(t *testing.T) {
	now := time.Date(2013, 7, 15, 0, 0, 0, 0, time.UTC)
	r := Reader{ID: "r", Weight: 1, Follows: []string{"a", "b", "c"}}
	for d := range 14 {
		day := now.Add(time.Duration(d-14) * 24 * time.Hour)
		r.Looks = append(r.Looks, Look{"a", day.Add(7 * time.Hour)}, Look{"a", day.Add(7*time.Hour + time.Minute)})
		r.Accesses = append(r.Accesses, day.Add(12*time.Hour))
		r.Looks = append(r.Looks, Look{"b", day.Add(19 * time.Hour)}, Look{"b", day.Add(19*time.Hour + time.Minute)})
	}
	index := map[string]int{"a": 0, "b": 1, "c": 2}
	if err := validateReaders([]Reader{r}, index); err != nil {
		t.Fatal(err)
	}
	patterns := newAccessLog([]Reader{r}, index).feedAccess(now)
	for _, tc := range []struct {
		feed int64
		peak int
	}{{1, 7}, {2, 19}, {3, 12}} {
		hourly := patterns[tc.feed]
		if len(hourly) != 24 {
			t.Fatalf("feed %d: pattern %v", tc.feed, hourly)
		}
		if peak := slices.Index(hourly, slices.Max(hourly)); peak != tc.peak {
			t.Errorf("feed %d peaks at %02d:00, want %02d:00: %v", tc.feed, peak, tc.peak, hourly)
		}
	}
	if c := patterns[3]; !near(c[7], c[19]) {
		t.Errorf("feed c has %v accesses an hour at 07:00 and %v at 19:00: the looks at a and b leaked into it", c[7], c[19])
	}
}
