package policy

import (
	"testing"
	"time"
)

// TestSeenShapeFollowsTheDayNotTheFetches feeds the models a source that
// posts evenly, every six minutes round the clock, in a feed that shows
// its latest 15 items, fetched once a day at 03:00: every fetch shows only
// the items of 01:30-03:00. The histogram of their dates puts the day's
// rate into those hours (so a planner would keep fetching there); the
// seen stretches know that only those hours were watched and keep the
// other hours at the prior.
func TestSeenShapeFollowsTheDayNotTheFetches(t *testing.T) {
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
