package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// near reports whether every value of got is within tol of want.
func near(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > tol {
			return false
		}
	}
	return true
}

// bins returns a pattern of n bins holding the given values.
func bins(n int, vals map[int]float64) []float64 {
	p := make([]float64, n)
	for i, v := range vals {
		p[i] = v
	}
	return p
}

func TestFromTimesByHand(t *testing.T) {
	now := t0.Add(48 * time.Hour) // Wednesday 00:00 UTC
	times := []time.Time{
		t0.Add(90 * time.Minute),           // Monday 01:30
		t0.Add(25 * time.Hour),             // Tuesday 01:00
		t0.Add(47*time.Hour + time.Second), // Tuesday 23:00
		t0.Add(-time.Hour),                 // before the window
		now,                                // the window is [start, now)
	}
	b, err := FromTimes(times, time.Time{}, now, 48*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if b.Events != 3 || b.Span != 48*time.Hour || math.Abs(b.Rate-3.0/48) > 1e-12 {
		t.Fatalf("events %v span %v rate %v; want 3, 48h, 1/16", b.Events, b.Span, b.Rate)
	}
	if !near(b.Daily, bins(24, map[int]float64{1: 2.0 / 3, 23: 1.0 / 3}), 1e-12) {
		t.Errorf("daily pattern %v", b.Daily)
	}
	if !near(b.Weekly, bins(168, map[int]float64{1: 1.0 / 3, 25: 1.0 / 3, 47: 1.0 / 3}), 1e-12) {
		t.Errorf("weekly pattern %v", b.Weekly)
	}
	if got := b.RateAt(t0.Add(73 * time.Hour)); math.Abs(got-1) > 1e-12 { // 01:00: 1/16 · 24 · 2/3
		t.Errorf("RateAt 01:00 = %v, want 1", got)
	}
	if got := b.WeeklyRateAt(t0.Add(25 * time.Hour)); math.Abs(got-3.5) > 1e-12 { // 1/16 · 168 · 1/3
		t.Errorf("WeeklyRateAt Tuesday 01:00 = %v, want 3.5", got)
	}
	// Observed only since Monday 12:00: one posting over 36 hours.
	since, err := FromTimes(times, t0.Add(12*time.Hour), now, 48*time.Hour)
	if err != nil || since.Events != 2 || since.Span != 36*time.Hour {
		t.Errorf("with since: %+v, %v; want 2 events over 36h", since, err)
	}
}

func TestFromTimesDefaultsAndErrors(t *testing.T) {
	b, err := FromTimes(nil, time.Time{}, t0, 0)
	if err != nil || b.Span != DefaultWindow || b.Rate != 0 || !near(b.Daily, make([]float64, 24), 0) {
		t.Fatalf("empty history = %+v, %v; want a zero estimate over 14 days", b, err)
	}
	if _, err := FromTimes(nil, time.Time{}, t0, -time.Hour); err == nil {
		t.Error("a negative window was accepted")
	}
	if _, err := FromTimes(nil, t0, t0, 0); err == nil {
		t.Error("a history that starts now was accepted")
	}
}

func TestFromFetchesByHand(t *testing.T) {
	fetches := []FetchCount{
		{t0.Add(3 * time.Hour), 1}, // out of order on purpose
		{t0, 7},                    // the first fetch: its items have no interval
		{t0.Add(2 * time.Hour), 4},
		{t0.Add(2 * time.Hour), 5}, // same instant: skipped
	}
	b, err := FromFetches(fetches, t0.Add(5*time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if b.Events != 5 || b.Span != 3*time.Hour || math.Abs(b.Rate-5.0/3) > 1e-12 {
		t.Fatalf("events %v span %v rate %v; want 5, 3h, 5/3", b.Events, b.Span, b.Rate)
	}
	if !near(b.Daily, bins(24, map[int]float64{0: 0.4, 1: 0.4, 2: 0.2}), 1e-12) {
		t.Errorf("daily pattern %v", b.Daily)
	}
	// A window that starts at 01:00 keeps half of the first interval's items.
	clipped, err := FromFetches(fetches, t0.Add(5*time.Hour), 4*time.Hour)
	if err != nil || clipped.Events != 3 || clipped.Span != 2*time.Hour {
		t.Errorf("clipped: %+v, %v; want 3 events over 2h", clipped, err)
	}
	for _, bad := range [][]FetchCount{nil, {{t0, 1}}, {{t0, 1}, {t0.Add(time.Hour), -1}}, {{t0, 0}, {t0, 3}}} {
		if _, err := FromFetches(bad, t0.Add(5*time.Hour), 0); err == nil {
			t.Errorf("FromFetches(%v) accepted bad input", bad)
		}
	}
}

func TestHistoryEstimateChoosesSource(t *testing.T) {
	now := t0.Add(4 * time.Hour)
	fetches := []FetchCount{{t0, 0}, {t0.Add(2 * time.Hour), 6}}
	dated := History{Postings: []time.Time{t0.Add(3 * time.Hour)}, Fetches: fetches, Since: t0}
	if b, err := dated.Estimate(now, 0); err != nil || b.Events != 1 || b.Daily[3] != 1 {
		t.Errorf("with dates: %+v, %v; want the one dated posting", b, err)
	}
	undated := History{Fetches: fetches}
	if b, err := undated.Estimate(now, 0); err != nil || b.Events != 6 || b.Daily[0] != 0.5 {
		t.Errorf("without dates: %+v, %v; want the fetched counts", b, err)
	}
}

func TestBatchRecoversDailyPattern(t *testing.T) {
	truth := waveRates(5)
	r := rand.New(rand.NewPCG(5, 9))
	now := t0.Add(DefaultWindow)
	times := poissonTimes(r, hourly(truth), maxOf(truth), t0, now)
	b, err := FromTimes(times, time.Time{}, now, 0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(b.Rate-5)/5 > 0.05 {
		t.Errorf("rate %v, want 5 within 5%%", b.Rate)
	}
	want := make([]float64, 24)
	for h, v := range truth {
		want[h] = v / (5 * 24)
	}
	if !near(b.Daily, want, 0.015) {
		t.Errorf("daily pattern %v, want %v within 0.015", b.Daily, want)
	}
	// The same stream seen only through fetches every 10 min to 2 h.
	var fetches []FetchCount
	prev := t0
	for at := t0; at.Before(now); at = at.Add(time.Duration((1.0/6 + r.Float64()*11/6) * float64(time.Hour))) {
		fetches = append(fetches, FetchCount{at, countIn(times, prev, at)})
		prev = at
	}
	fb, err := FromFetches(fetches, now, 0)
	if err != nil || math.Abs(fb.Rate-5)/5 > 0.05 || !near(fb.Daily, want, 0.015) {
		t.Errorf("from fetches: rate %v pattern %v, %v; want 5 and %v", fb.Rate, fb.Daily, err, want)
	}
}

func TestPatternInterpolate(t *testing.T) {
	// Two bins [1, 0] to four values: centres at 0.25, 0.75, 1.25, 1.75 bins
	// give 0.75, 0.75, 0.25, 0.25 (wrapping), rescaled to sum 1.
	got, err := Pattern{1, 0}.Interpolate(4)
	if err != nil || !near(got, []float64{0.375, 0.375, 0.125, 0.125}, 1e-12) {
		t.Fatalf("Interpolate = %v, %v", got, err)
	}
	flat := make(Pattern, 24)
	for i := range flat {
		flat[i] = 1.0 / 24
	}
	if got, err := flat.Interpolate(1440); err != nil || !near(got, bins(1440, nil), 1.0/1440+1e-15) || math.Abs(sum(got)-1) > 1e-12 {
		t.Errorf("uniform pattern did not stay uniform: %v", err)
	}
	midnight := make(Pattern, 24)
	midnight[0] = 1
	m, err := midnight.Interpolate(1440)
	if err != nil || math.Abs(sum(m)-1) > 1e-12 {
		t.Fatalf("Interpolate(1440) = sum %v, %v; want sum 1", sum(m), err)
	}
	if !(m[30] > m[0] && m[0] > 0 && m[1439] > 0 && m[1439] < m[0] && m[120] == 0) {
		t.Errorf("midnight pattern: peak %v at 00:30, %v at 00:00, %v at 23:59, %v at 02:00", m[30], m[0], m[1439], m[120])
	}
	for _, bad := range []struct {
		p Pattern
		n int
	}{{nil, 10}, {flat, 0}} {
		if _, err := bad.p.Interpolate(bad.n); err == nil {
			t.Errorf("Interpolate(%d) of %d bins accepted bad input", bad.n, len(bad.p))
		}
	}
}

// sum returns the sum of the values.
func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}
