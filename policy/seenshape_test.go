package policy

import (
	"math"
	"strings"
	"testing"
	"time"

	"vigil/estimate"
)

// TestSeenShapeFollowsTheDayNotTheFetches feeds the models a source that
// posts evenly, every six minutes round the clock, in a feed that shows
// its latest 15 items, fetched once a day at 03:00: every fetch shows only
// the items of 01:30-03:00. The histogram of their dates puts the day's
// rate into those hours (so a planner would keep fetching there); the
// seen stretches know that only those hours were watched and keep the
// other hours at the prior.
func TestSeenShapeFollowsTheDayNotTheFetches(t *testing.T) {
	m := fullAtThree()
	cases := []struct {
		name    string
		seen    bool
		minPeak float64 // the peak hour over the mean hour, at least
		maxPeak float64 // and at most
	}{
		{"the histogram of dates peaks where the fetches are", false, 5, 24},
		{"the seen stretches stay near flat", true, 1, 1.3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := make([]float64, 24)
			Tracking{ShapePrior: 50, SeenShape: c.seen}.hourlyInto(m, out)
			peak, sum := 0.0, 0.0
			for _, r := range out {
				peak, sum = max(peak, r), sum+r
			}
			if ratio := peak / (sum / 24); ratio < c.minPeak || ratio > c.maxPeak {
				t.Errorf("peak hour at %.2f × the mean hour, want %v-%v (rates %v)", ratio, c.minPeak, c.maxPeak, out)
			}
		})
	}
}

// TestSeenShapeOfAnUnsaturatedFeed checks that a feed whose fetches show
// every new item, fetched round the clock, learns its office hours.
func TestSeenShapeOfAnUnsaturatedFeed(t *testing.T) {
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	m := NewModels(0.1, start)
	m.ObserveShown(start, 0, 0, nil)
	for f := 1; f <= 14*8; f++ { // every three hours for two weeks
		at := start.Add(time.Duration(f) * 3 * time.Hour)
		var dates []time.Time
		for p := at.Add(-3 * time.Hour).Add(10 * time.Minute); p.Before(at); p = p.Add(20 * time.Minute) {
			if h := p.Hour(); h >= 12 && h < 18 {
				dates = append(dates, p)
			}
		}
		m.ObserveShown(at, len(dates), 40, dates)
	}
	out := make([]float64, 24)
	Tracking{ShapePrior: 50, SeenShape: true}.hourlyInto(m, out)
	office, sum := 0.0, 0.0
	for h, r := range out {
		sum += r
		if h >= 12 && h < 18 {
			office += r
		}
	}
	if office/sum < 0.9 {
		t.Fatalf("office hours hold %.2f of the day's rate, want at least 0.9 (rates %v)", office/sum, out)
	}
}

func TestSeenStretch(t *testing.T) {
	prev := time.Date(2026, 3, 2, 6, 0, 0, 0, time.UTC)
	h := func(hours float64) time.Time { return prev.Add(time.Duration(hours * float64(time.Hour))) }
	at := h(6)
	cases := []struct {
		name        string
		x, shown    int
		dates       []time.Time
		from        time.Time
		wantCounted int
	}{
		{"items left over: from the fetch before, with an item listed late", 2, 5, []time.Time{h(1), h(-0.2)}, prev, 2},
		{"an item dated long before the fetch before (shown again) is left out", 2, 5, []time.Time{h(1), h(-30)}, prev, 1},
		{"shown count unknown: from the fetch before", 2, 0, []time.Time{h(1), h(2)}, prev, 2},
		{"every item new: from the oldest, which is not counted", 3, 3, []time.Time{h(3), h(1), h(2)}, h(1), 2},
		{"every item new, two at the oldest date: one of them is counted", 3, 3, []time.Time{h(1), h(1), h(2)}, h(1), 2},
		{"every item new but the oldest before the fetch before: from that fetch", 2, 2, []time.Time{h(3), h(-1)}, prev, 2},
		{"a first fetch: from its oldest item", 3, 3, []time.Time{h(-40), h(-50), h(-45)}, h(-50), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := prev
			if strings.HasPrefix(c.name, "a first fetch") {
				before = time.Time{}
			}
			from, counted := seenStretch(before, at, c.x, c.shown, c.dates)
			if !from.Equal(c.from) || len(counted) != c.wantCounted {
				t.Fatalf("from %v counting %d, want from %v counting %d", from, len(counted), c.from, c.wantCounted)
			}
		})
	}
}

// TestFirstFetchStartsTheStretches checks that a feed's first fetch with
// dates watches from its oldest item to the fetch.
func TestFirstFetchStartsTheStretches(t *testing.T) {
	at := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	m := NewModels(0.1, at)
	m.ObserveShown(at, 3, 3, []time.Time{at.Add(-time.Hour), at.Add(-10 * time.Hour), at.Add(-5 * time.Hour)})
	if !m.Posted.Watching() {
		t.Fatal("the first fetch started no stretch")
	}
	if got := total(m.Posted.Exposure); math.Abs(got-10) > 0.1 { // decayed by under 1%
		t.Fatalf("watched %.3f hours, want the 10 from the oldest item", got)
	}
	if got := total(m.Posted.Seen); math.Abs(got-2) > 0.01 {
		t.Fatalf("saw %.3f items, want the 2 after the oldest", got)
	}
}

// TestSeenShapeCountsLateItems has an even feed list each item 20 minutes
// after its date, fetched every six hours with room for every new item: a
// new item dated before the fetch before still counts, in the hour earlier
// stretches watched, so no hour before a fetch looks quiet.
func TestSeenShapeCountsLateItems(t *testing.T) {
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	m := NewModels(0.1, start)
	m.ObserveShown(start, 0, 0, nil)
	for f := 1; f <= 4*28; f++ {
		at := start.Add(time.Duration(f) * 6 * time.Hour)
		var dates []time.Time
		for p := at.Add(-6*time.Hour - 20*time.Minute); p.Before(at.Add(-20 * time.Minute)); p = p.Add(10 * time.Minute) {
			dates = append(dates, p.Add(time.Minute))
		}
		m.ObserveShown(at, len(dates), 50, dates)
	}
	var rates [24]float64
	if !m.Posted.SeenRates(0, 0, 0, flatDay(), rates[:]) {
		t.Fatal("nothing seen")
	}
	for h, r := range rates {
		if r < 5.5 || r > 6.5 {
			t.Errorf("hour %d: %.2f items an hour, want the even 6", h, r)
		}
	}
}

// TestSeenStretchOfUntrustedDates checks a fetch whose dates are dropped
// (two items stamped alike): its stretch counts, with the E step's shares,
// when the feed showed older items too, and not when every shown item was
// new.
func TestSeenStretchOfUntrustedDates(t *testing.T) {
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name    string
		shown   int
		grows   bool
		wantAdd float64 // hours of watching added
	}{
		{"older items shown too", 10, true, 6},
		{"every shown item new", 2, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewModels(0.1, start)
			m.ObserveShown(start, 0, 0, nil)
			at := start.Add(6 * time.Hour)
			m.ObserveShown(at, 1, 10, []time.Time{at.Add(-time.Hour)})
			before := total(m.Posted.Exposure)
			stamp := at.Add(5 * time.Hour)
			m.ObserveShown(at.Add(6*time.Hour), 2, c.shown, []time.Time{stamp, stamp})
			added := total(m.Posted.Exposure) - before*math.Exp2(-6/estimate.DefaultShapeHalfLife.Hours())
			if (added > 0.1) != c.grows || added < c.wantAdd-0.1 || added > c.wantAdd+0.1 {
				t.Fatalf("added %.2f hours of watching, want %v", added, c.wantAdd)
			}
		})
	}
}

// fullAtThree returns the models of a source that posts every six minutes
// round the clock in a feed showing its latest 15 items, fetched once a
// day at 03:00 for 30 days: every fetch finds its window full.
func fullAtThree() *Models {
	start := time.Date(2026, 3, 1, 3, 0, 0, 0, time.UTC)
	m := NewModels(0.1, start)
	for d := range 30 {
		at := start.Add(time.Duration(d) * 24 * time.Hour)
		dates := make([]time.Time, 15)
		for i := range dates {
			dates[i] = at.Add(-time.Duration(i*6+3) * time.Minute)
		}
		m.ObserveShown(at, 15, 15, dates)
	}
	return m
}

// flatDay is 24 equal shares.
func flatDay() []float64 {
	out := make([]float64, 24)
	for i := range out {
		out[i] = 1.0 / 24
	}
	return out
}

// TestUserKeepsTheHistogram checks that the scheduled policies' views
// (trackedViews) plan by the histogram of dates even where accrued takes
// the seen shape.
func TestUserKeepsTheHistogram(t *testing.T) {
	m := fullAtThree()
	tr := DefaultTracking
	tr.LevelPrior, tr.ShapePool = 0, false
	view := trackedViews(tr, []*Source{{ID: 1, Models: m}})[0]
	histogram, seen := make([]float64, 24), make([]float64, 24)
	tr.SeenShape = false
	tr.hourlyInto(m, histogram)
	tr.SeenShape = true
	tr.hourlyInto(m, seen)
	for h := range 24 {
		if got := view.Models.Daily.Rates[h]; math.Abs(got-histogram[h]) > 1e-12 {
			t.Fatalf("hour %d: the view has %v, the histogram %v (the seen shape %v)", h, got, histogram[h], seen[h])
		}
	}
	if math.Abs(seen[2]-histogram[2]) < 1e-6 {
		t.Fatal("the seen shape and the histogram agree; the test shows nothing")
	}
}
