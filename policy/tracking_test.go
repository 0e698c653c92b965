package policy

import (
	"math"
	"testing"
	"time"
)

// trackedModels returns models whose last fetch is at last, with EWMA
// rate long (items per hour) and the given recent publication times.
func trackedModels(added, last time.Time, long float64, recent []time.Time) *Models {
	m := NewModels(0.1, added)
	m.EWMA.Rate, m.EWMA.Last, m.Recent = long, last, recent
	return m
}

func TestRecentLevel(t *testing.T) {
	last := time.Date(2013, 7, 1, 0, 0, 0, 0, time.UTC)
	week := 7 * 24 * time.Hour
	hoursAgo := func(hs ...float64) []time.Time {
		var out []time.Time
		for _, h := range hs {
			out = append(out, last.Add(-time.Duration(h*float64(time.Hour))))
		}
		return out
	}
	tests := []struct {
		name            string
		added           time.Time
		long            float64
		recent          []time.Time
		halfLife, prior time.Duration
		want            float64
	}{
		{"off keeps the long-run rate", last.Add(-week), 0.5, hoursAgo(1, 2), 0, time.Hour, 0.5},
		{"no prior, long half-life: the week's count over the week", last.Add(-30 * week), 1, hoursAgo(1, 50, 100), 1e6 * time.Hour, 0, 3.0 / 168},
		{"a huge prior keeps the long-run rate", last.Add(-30 * week), 1, hoursAgo(1, 50, 100), 24 * time.Hour, 1e6 * time.Hour, 1},
		{"a young source's exposure starts when it was added", last.Add(-10 * time.Hour), 0, hoursAgo(1, 2, 30), 1e6 * time.Hour, 0, 2.0 / 10},
		{"one fresh item, half-life 1 h, no prior", last.Add(-30 * week), 0, hoursAgo(0), time.Hour, 0, math.Ln2 / (1 - math.Exp2(-168))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := trackedModels(tc.added, last, tc.long, tc.recent)
			if got := recentLevel(m, tc.halfLife, tc.prior); math.Abs(got-tc.want) > 1e-4*max(1, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTrackingHourly(t *testing.T) {
	added := time.Date(2013, 6, 1, 0, 0, 0, 0, time.UTC)
	last := added.Add(30 * 24 * time.Hour)
	tests := []struct {
		name  string
		tr    Tracking
		dates []time.Time // published dates seen at last
		check func(t *testing.T, out []float64)
	}{
		{"off keeps the learned pattern", Tracking{Off: true}, nil, func(t *testing.T, out []float64) {
			for h, r := range out {
				if r != 1.0/24 {
					t.Errorf("hour %d: %v, want the flat learned 1/24", h, r)
				}
			}
		}},
		{"the dated shape moves rate to the hours items came in, keeping the level", Tracking{ShapePrior: 10}, []time.Time{last.Add(-6 * time.Hour), last.Add(-30 * time.Hour)}, func(t *testing.T, out []float64) {
			if !(out[18] > out[17]) {
				t.Errorf("hour 18 (both items) %v not above hour 17 %v", out[18], out[17])
			}
			if sum := total(out); math.Abs(sum-1) > 1e-9 {
				t.Errorf("sum %v, want the learned level 1 a day", sum)
			}
		}},
		{"the recent level scales every hour", Tracking{RecentHalfLife: 1e6 * time.Hour}, nil, func(t *testing.T, out []float64) {
			if sum := total(out); math.Abs(sum-24*14.0/168) > 1e-4 {
				t.Errorf("sum %v, want the week's 14 items over 7 days, 2 a day", sum)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var recent []time.Time
			for i := range 14 {
				recent = append(recent, last.Add(-time.Duration(i*12+3)*time.Hour))
			}
			m := trackedModels(added, last, 1.0/24, recent)
			m.Posted.Observe(last, tc.dates)
			out := make([]float64, 24)
			tc.tr.hourlyInto(m, out)
			tc.check(t, out)
		})
	}
}

func TestTrackingValidate(t *testing.T) {
	tests := []struct {
		tr Tracking
		ok bool
	}{
		{Tracking{}, true},
		{Tracking{RecentHalfLife: time.Hour, RecentPrior: time.Hour, ShapePrior: 50}, true},
		{Tracking{RecentHalfLife: -time.Hour}, false},
		{Tracking{ShapePrior: math.NaN()}, false},
		{Tracking{ShapePrior: math.Inf(1)}, false},
		{Tracking{SilentShares: -1}, false},
		{Tracking{SilentShares: math.NaN()}, false},
	}
	for _, tc := range tests {
		c := DefaultConfig
		c.PerDay, c.Tracking = 10, tc.tr
		if err := c.Validate(); (err == nil) != tc.ok {
			t.Errorf("%+v: Validate() = %v, want ok %v", tc.tr, err, tc.ok)
		}
	}
}

// total is the sum of xs.
func total(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// TestTrackingLeavesPagesAlone checks that a watched page keeps the rate
// its change-only estimate set: its Recent list holds one entry per
// changed fetch, the undercount that estimate corrects.
func TestTrackingLeavesPagesAlone(t *testing.T) {
	added := time.Date(2013, 6, 1, 0, 0, 0, 0, time.UTC)
	last := added.Add(14 * 24 * time.Hour)
	var recent []time.Time
	for h := 1; h <= 24; h++ {
		recent = append(recent, last.Add(-time.Duration(h)*time.Hour))
	}
	m := trackedModels(added, last, 2, recent) // 2 changes an hour, one seen per hourly fetch
	out := make([]float64, 24)
	DefaultTracking.hourlyInto(m, out)
	if total(out) >= 48*0.99 {
		t.Fatalf("a feed's models with these dates should be tracked below 2 an hour, got %v a day", total(out))
	}
	m.Page = true
	DefaultTracking.hourlyInto(m, out)
	if got := total(out); math.Abs(got-48) > 1e-9 {
		t.Errorf("page: %v changes a day, want its estimated 48", got)
	}
}

// TestSilentFeedWait plans ten sources on ten fetches a day (an even share
// is a day) and checks how long one that has never shown an item waits
// after its discovery: SilentShares even shares, a week (MaxInterval)
// without the bound, and a week for a feed that has shown items, or a
// watched page, whose rate is known to be zero.
func TestSilentFeedWait(t *testing.T) {
	last := time.Date(2013, 6, 20, 0, 0, 0, 0, time.UTC)
	day, week := 24*time.Hour, 7*24*time.Hour
	tests := []struct {
		name   string
		tr     Tracking
		window int
		page   bool
		want   time.Duration
	}{
		{"default: four even shares", Tracking{}, 0, false, 4 * day},
		{"two shares", Tracking{ShapePrior: 50, SilentShares: 2}, 0, false, 2 * day},
		{"no bound: a week", Tracking{ShapePrior: 50}, 0, false, week},
		{"tracking off: a week", Tracking{Off: true}, 0, false, week},
		{"a feed that has shown items waits a week", Tracking{}, 15, false, week},
		{"a silent page waits a week", Tracking{}, 0, true, week},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig
			cfg.PerDay, cfg.Tracking = 10, tc.tr
			p, err := New("accrued", cfg)
			if err != nil {
				t.Fatal(err)
			}
			srcs := tenSources(last, func(i int) float64 { return float64(i) / 24 })
			silent := srcs[0] // rate 0
			silent.Window, silent.Models.Page = tc.window, tc.page
			if err := p.Plan(srcs, last); err != nil {
				t.Fatal(err)
			}
			if got := p.Next(silent, last).Sub(last); got != tc.want {
				t.Errorf("waits %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSilentFeedsStayInTheBudget checks that the plan counts the fetches
// the silent-feed bound adds: with 0, 3 or 6 of 10 feeds silent, the
// fetches a day their next gaps give stay within the budget (before, 6
// silent feeds took 22.1 of 20), and every silent feed is still fetched
// once per four even shares.
func TestSilentFeedsStayInTheBudget(t *testing.T) {
	last := time.Date(2013, 6, 20, 0, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	for _, silent := range []int{0, 3, 6} {
		cfg := DefaultConfig
		cfg.PerDay = 20
		p, err := New("accrued", cfg)
		if err != nil {
			t.Fatal(err)
		}
		srcs := tenSources(last, func(i int) float64 {
			if i < silent {
				return 0
			}
			return 1 + float64(i)/4
		})
		for _, s := range srcs[:silent] {
			s.Window = 0
		}
		if err := p.Plan(srcs, last); err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for i, s := range srcs {
			gap := p.Next(s, last).Sub(last)
			sum += float64(day) / float64(gap)
			if i < silent && gap > 4*12*time.Hour {
				t.Errorf("%d silent: silent feed %d waits %v, more than four even shares (48h)", silent, s.ID, gap)
			}
		}
		if sum > cfg.PerDay*1.01 {
			t.Errorf("%d of 10 feeds silent: the next gaps give %.2f fetches a day, over the budget of %v", silent, sum, cfg.PerDay)
		}
	}
}

// TestSilentSharesTooLargeIsNoBound checks that a bound longer than a
// Duration holds leaves a silent feed at the MaxInterval instead of
// overflowing to a negative wait.
func TestSilentSharesTooLargeIsNoBound(t *testing.T) {
	last := time.Date(2013, 6, 20, 0, 0, 0, 0, time.UTC)
	for _, shares := range []float64{1e9, 1e12} {
		cfg := DefaultConfig
		cfg.PerDay, cfg.Tracking = 10, Tracking{ShapePrior: 50, SilentShares: shares}
		p, err := New("accrued", cfg)
		if err != nil {
			t.Fatal(err)
		}
		srcs := tenSources(last, func(i int) float64 { return float64(i) / 24 })
		srcs[0].Window = 0
		if err := p.Plan(srcs, last); err != nil {
			t.Fatal(err)
		}
		if got := p.Next(srcs[0], last).Sub(last); got != cfg.MaxInterval {
			t.Errorf("SilentShares %g: the silent feed waits %v, want the MaxInterval %v", shares, got, cfg.MaxInterval)
		}
	}
}

// tenSources returns ten sources last fetched at last, each with 30 days
// of tracked postings at perHour(i) an hour (i from 0), ten fetches and a
// window of 15.
func tenSources(last time.Time, perHour func(i int) float64) []*Source {
	srcs := make([]*Source, 10)
	for i := range srcs {
		m := trackedModels(last.Add(-30*24*time.Hour), last, perHour(i), nil)
		m.Fetches = 10
		srcs[i] = &Source{ID: int64(i + 1), Window: 15, Models: m, Last: last}
	}
	return srcs
}
