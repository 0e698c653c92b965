package policy

import (
	"math"
	"testing"
	"time"
)

// TestTrackedViews checks that a view carries tracking's rates and leaves
// the source alone: a source whose last day posted twice its earlier rate
// is seen with the hourly pattern
// tracking computes (the recent week's level, not the EWMA's), and with
// tracking off it is seen as it is.
func TestTrackedViews(t *testing.T) {
	s := source(1, 24, nil)
	at := s.Last
	for range 24 { // a busier last day: 2 items an hour, dated
		at = at.Add(time.Hour)
		s.Models.Observe(at, 2, []time.Time{at.Add(-40 * time.Minute), at.Add(-10 * time.Minute)})
	}
	s.Last = at
	ewma := s.Models.EWMA.Rate
	want := make([]float64, 24)
	histogram := DefaultTracking
	histogram.SeenShape = false // the views keep the histogram
	histogram.hourlyInto(s.Models, want)
	cases := []struct {
		name    string
		tr      Tracking
		tracked bool
	}{{"default tracking", DefaultTracking, true}, {"tracking off", Tracking{Off: true}, false}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := trackedViews(c.tr, []*Source{s})[0]
			if s.Models.EWMA.Rate != ewma {
				t.Fatalf("the source's own EWMA level changed to %v", s.Models.EWMA.Rate)
			}
			if !c.tracked {
				if v != s {
					t.Fatal("tracking off, yet the source was copied")
				}
				return
			}
			got := v.Models.Hourly()
			for h := range got {
				if math.Abs(got[h]-want[h]) > 1e-9*max(1, want[h]) {
					t.Fatalf("hour %d: view's rate %v, tracking's %v", h, got[h], want[h])
				}
			}
			if v.Models.EWMA.Rate == ewma {
				t.Fatalf("view's level is the EWMA's %v, not tracking's", ewma)
			}
		})
	}
}
