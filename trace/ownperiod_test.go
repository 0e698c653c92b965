package trace

import (
	"math"
	"testing"
	"time"
)

// TestOverlap measures how much of a simulated period an access trace's
// own period covers, and when its accesses count as taken in it.
func TestOverlap(t *testing.T) {
	day := 24 * time.Hour
	start := time.Date(2013, 1, 1, 0, 0, 0, 0, time.UTC)
	end := start.Add(100 * day)
	cases := []struct {
		name     string
		from, to time.Duration // the trace's own period, from start
		want     float64
	}{
		{"the same period", 0, 100 * day, 1},
		{"inside it", 10 * day, 60 * day, 0.5},
		{"a little less than half", 10 * day, 59 * day, 0.49},
		{"a little beyond both ends", -10 * day, 110 * day, 100.0 / 120},
		{"far beyond both ends", -30 * day, 200 * day, 100.0 / 230},
		{"years around it", -5000 * day, 3000 * day, 100.0 / 8000},
		{"its second half and more", 50 * day, 300 * day, 50.0 / 300},
		{"years before", -900 * day, -800 * day, 0},
		{"ending where it starts", -10 * day, 0, 0},
	}
	for _, c := range cases {
		a := &Accesses{Start: start.Add(c.from), End: start.Add(c.to)}
		got := a.Overlap(start, end)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: overlap %v, want %v", c.name, got, c.want)
		}
		if a.InPeriod(start, end) != (c.want >= OwnPeriodShare) {
			t.Errorf("%s: InPeriod %v at an overlap of %v", c.name, a.InPeriod(start, end), got)
		}
	}
	if got := (&Accesses{Start: start, End: end}).Overlap(end, start); got != 0 {
		t.Errorf("an empty period: overlap %v, want 0", got)
	}
}

// TestClipKeepsOwnTimes keeps the accesses inside the period at their own
// times, where Replay would move a reader who starts late to its start.
func TestClipKeepsOwnTimes(t *testing.T) {
	start := time.Date(2013, 1, 7, 0, 0, 0, 0, time.UTC) // a Monday
	end := start.Add(4 * week)
	at := func(h int) time.Time { return start.Add(time.Duration(h) * time.Hour) }
	a := &Accesses{Users: []User{
		{ID: "early", Accesses: []Access{{User: "early", Time: at(-5)}, {User: "early", Time: at(3)}, {User: "early", Time: at(4*7*24 - 1)}, {User: "early", Time: at(4 * 7 * 24)}}},
		{ID: "late", Accesses: []Access{{User: "late", Time: at(15 * 24)}, {User: "late", Time: at(16 * 24)}}},
		{ID: "gone", Accesses: []Access{{User: "gone", Time: at(-100)}}},
	}}
	got := a.Clip(start, end)
	want := map[string][]time.Time{"early": {at(3), at(4*7*24 - 1)}, "late": {at(15 * 24), at(16 * 24)}, "gone": nil}
	if len(got.Users) != 3 || !got.Start.Equal(start) || !got.End.Equal(end) {
		t.Fatalf("clipped to %d users over %v to %v", len(got.Users), got.Start, got.End)
	}
	for _, u := range got.Users {
		if len(u.Accesses) != len(want[u.ID]) {
			t.Fatalf("%s: %d accesses kept, want %d", u.ID, len(u.Accesses), len(want[u.ID]))
		}
		for i, acc := range u.Accesses {
			if !acc.Time.Equal(want[u.ID][i]) {
				t.Errorf("%s: access %d at %v, want %v", u.ID, i, acc.Time, want[u.ID][i])
			}
		}
	}
	if r := a.Replay(start, end).Users[1].Accesses; len(r) == 0 || !r[0].Time.Before(at(15*24)) {
		t.Errorf("Replay should move the late reader's first access to the first week: %v", r)
	}
	if len(a.Users[0].Accesses) != 4 {
		t.Error("Clip changed the trace it clipped")
	}
}
