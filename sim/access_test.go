package sim

import (
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
