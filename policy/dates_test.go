package policy

import (
	"testing"
	"time"
)

func TestPlausibleDates(t *testing.T) {
	at := t0.Add(10 * time.Hour)
	h := func(n float64) time.Time { return t0.Add(time.Duration(n * float64(time.Hour))) }
	cases := []struct {
		name  string
		x     int
		dates []time.Time
		first bool
		want  int // dates kept; 0: none
	}{
		{"dated new items", 2, []time.Time{h(8), h(9)}, false, 2},
		{"only the new items are judged", 1, []time.Time{h(9), {}}, false, 1},
		{"a new item without a date", 2, []time.Time{h(9), {}}, false, 0},
		{"fewer dates than new items", 3, []time.Time{h(8), h(9)}, false, 0},
		{"no dates", 2, nil, false, 0},
		{"a date in the future", 2, []time.Time{h(9), h(11)}, false, 0},
		{"the fetch time", 2, []time.Time{h(9), at}, false, 0},
		{"within a second of the fetch", 1, []time.Time{at.Add(-500 * time.Millisecond)}, false, 0},
		{"every item one date", 3, []time.Time{h(7), h(7), h(7)}, false, 0},
		{"one item, one date", 1, []time.Time{h(7)}, false, 1},
		{"first fetch keeps the dated items", 0, []time.Time{h(1), {}, h(2)}, true, 2},
		{"first fetch with a future date", 0, []time.Time{h(1), h(12)}, true, 0},
		{"first fetch without dates", 0, []time.Time{{}, {}}, true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := plausibleDates(at, c.x, c.dates, c.first)
			if len(got) != c.want {
				t.Fatalf("kept %d dates (%v), want %d", len(got), got, c.want)
			}
		})
	}
}

// TestImplausibleDatesLearnAsNoDates checks that a feed stamping every item
// with the fetch time teaches the models exactly what a feed without dates
// does.
func TestImplausibleDatesLearnAsNoDates(t *testing.T) {
	stamped, undated := NewModels(0.1, t0), NewModels(0.1, t0)
	for i := range 48 {
		at := t0.Add(time.Duration(i*5) * time.Hour)
		x := i % 3
		stamps := make([]time.Time, x)
		for j := range stamps {
			stamps[j] = at
		}
		stamped.Observe(at, x, stamps)
		undated.Observe(at, x, make([]time.Time, x))
	}
	a, _ := stamped.Marshal()
	b, _ := undated.Marshal()
	if string(a) != string(b) {
		t.Fatalf("stamped dates learned differently from none:\n%s\n%s", a, b)
	}
}
