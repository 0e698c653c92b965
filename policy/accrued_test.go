package policy

import (
	"math"
	"syscall"
	"testing"
	"time"
)

func TestAccrueTimeSolvesTheIntegral(t *testing.T) {
	flat := make([]float64, 24)
	for h := range flat {
		flat[h] = 2 // items per hour
	}
	peak := make([]float64, 24)
	peak[3] = 6 // all a day's items in one hour
	tests := []struct {
		name   string
		hourly []float64
		w      float64
		from   time.Time
		theta  float64
		want   time.Duration
	}{
		// λ·t²/2 = θ: t = sqrt(2·4/2) = 2 h.
		{"constant rate", flat, 1, t0.Add(17 * time.Minute), 4, 2 * time.Hour},
		// the weight scales λ: t = sqrt(2·4/(2·4)) = 1 h.
		{"weighted", flat, 4, t0, 4, time.Hour},
		// from 00:00 nothing accrues until 03:00; then Λ grows at 6/h:
		// 6·x²/2 = 3 at x = 1 h (04:00).
		{"within the peak", peak, 1, t0, 3, 4 * time.Hour},
		// past the peak 6 items accrue 6 item-hours each hour: the 3
		// item-hours of the peak plus 6·x = 9 at x = 1 h after 04:00.
		{"after the peak", peak, 1, t0, 9, 5 * time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := accrueTime(byHour(tc.hourly), tc.w, tc.from, tc.theta, 7*day)
			if d := got - tc.want; d < -time.Second || d > time.Second {
				t.Fatalf("accrueTime = %v, want %v", got, tc.want)
			}
		})
	}
	if got := accrueTime(byHour(make([]float64, 24)), 1, t0, 1, 3*day); got != 3*day {
		t.Fatalf("a source expecting nothing waits %v, want the limit %v", got, 3*day)
	}
}

func TestAccruedSharesTheBudgetBySquareRoots(t *testing.T) {
	// Constant rates 4 and 36 a day: Sia & Cho's Theorem 1 gives fetches in
	// the ratio sqrt(4):sqrt(36) = 1:3, 10 and 30 of a budget of 40.
	srcs := []*Source{steady(1, 4), steady(2, 36)}
	cfg := DefaultConfig
	cfg.PerDay = 40
	p, err := New("accrued", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{10, 30} {
		s := srcs[i]
		got := float64(day) / float64(p.Next(s, s.Last).Sub(s.Last))
		if math.Abs(got-want)/want > 0.1 {
			t.Errorf("source %d: %.2f fetches a day, want %.0f", s.ID, got, want)
		}
	}
}

func TestAccruedKeepsTheFetchThroughReplans(t *testing.T) {
	// The rule counts from the last fetch: planning again with the same
	// models must not move the next fetch.
	srcs := []*Source{steady(1, 4), steady(2, 36)}
	cfg := DefaultConfig
	cfg.PerDay = 40
	p, _ := New("accrued", cfg)
	_ = p.Plan(srcs, t0)
	first := p.Next(srcs[0], srcs[0].Last)
	_ = p.Plan(srcs, srcs[0].Last.Add(time.Hour))
	if again := p.Next(srcs[0], srcs[0].Last.Add(time.Hour)); !again.Equal(first) {
		t.Fatalf("re-plan moved the next fetch from %v to %v", first, again)
	}
}

func TestAccruedDiscoversANewSource(t *testing.T) {
	// 10 sources, 20 fetches a day: an even share is every 12 hours. A
	// source that has posted nothing yet would wait the MaxInterval of a
	// week; in discovery it waits at most 12 hours, and once known its
	// rate decides: still never having shown an item, at most four even
	// shares (Tracking.SilentShares), else the week its zero rate gives.
	srcs := make([]*Source, 10)
	for i := range srcs {
		srcs[i] = steady(int64(i+1), 24)
	}
	fresh := &Source{ID: 11, Weight: 1, Models: NewModels(0.2, t0), Last: t0}
	fresh.Models.Observe(t0, 0, nil)
	srcs = append(srcs, fresh)
	cfg := DefaultConfig
	cfg.PerDay = 22
	p, _ := New("accrued", cfg)
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	if d := p.Next(fresh, t0).Sub(t0); d > 12*time.Hour {
		t.Fatalf("a source in discovery waits %v, want at most 12 h", d)
	}
	fresh.Models.Fetches = discoveryFetches
	if d := p.Next(fresh, t0).Sub(t0); d != 48*time.Hour {
		t.Fatalf("a known source that has never shown an item waits %v, want four even shares, 48 h", d)
	}
	fresh.Window = 15
	if d := p.Next(fresh, t0).Sub(t0); d != cfg.MaxInterval {
		t.Fatalf("a known silent source waits %v, want the MaxInterval %v", d, cfg.MaxInterval)
	}
}

func TestAccruedFetchesBeforeTheWindowSaturates(t *testing.T) {
	// 240 items a day in a 5-item window: at least 48 fetches a day, even
	// though the square-root share beside a firehose would give fewer.
	win := steady(1, 240)
	win.Window = 5
	hose := steady(2, 100000)
	cfg := DefaultConfig
	cfg.PerDay = 100
	p, _ := New("accrued", cfg)
	if err := p.Plan([]*Source{win, hose}, t0); err != nil {
		t.Fatal(err)
	}
	if d := p.Next(win, win.Last).Sub(win.Last); d > 31*time.Minute {
		t.Fatalf("next fetch in %v: a 5-item window fills in 30 minutes", d)
	}
}

// steady returns a source whose models hold exactly perDay items a day,
// spread evenly over the hours, last fetched at t0.
func steady(id int64, perDay float64) *Source {
	m := NewModels(0.2, t0.Add(-time.Hour))
	m.Observe(t0.Add(-time.Hour), 0, nil)
	m.EWMA.Rate = perDay / 24
	m.Fetches = 100 // long known, out of discovery
	for h := range m.Daily.Rates {
		m.Daily.Rates[h] = perDay / 24
	}
	return &Source{ID: id, Weight: 1, Models: m, Last: t0}
}

// byHour reads 24 hourly rates by UTC hour.
func byHour(hourly []float64) func(t time.Time) float64 {
	return func(t time.Time) float64 { return hourly[t.UTC().Hour()] }
}

// BenchmarkPlanAccrued1e6 calibrates θ over 1,000,000 sources and asks each
// for its next fetch, the accrued rule's whole plan.
func BenchmarkPlanAccrued1e6(b *testing.B) {
	srcs := benchSources(1_000_000, false)
	for _, s := range srcs {
		s.Last = t0
	}
	cfg := DefaultConfig
	cfg.PerDay = 2e6
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuSeconds()
	for range b.N {
		p, _ := New("accrued", cfg)
		if err := p.Plan(srcs, t0); err != nil {
			b.Fatal(err)
		}
		for _, s := range srcs {
			p.Next(s, t0)
		}
	}
	// CPU time, not wall time, on a machine shared with other work.
	b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op")
}

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func TestAccruedSpendsABudgetAboveEveryCap(t *testing.T) {
	// Budgets past what the caps allow (one fetch per MinInterval, 288 a
	// day) fetch every source at its cap, not at the weekly floor.
	tests := []struct {
		perDay float64
		want   time.Duration
	}{
		{600, 5 * time.Minute}, // two sources: 576 a day at their caps
		{1e6, 5 * time.Minute},
	}
	for _, tc := range tests {
		cfg := DefaultConfig
		cfg.PerDay = tc.perDay
		p, err := New("accrued", cfg)
		if err != nil {
			t.Fatal(err)
		}
		srcs := []*Source{steady(1, 48), steady(2, 4)}
		if err := p.Plan(srcs, t0); err != nil {
			t.Fatal(err)
		}
		for _, s := range srcs {
			if got := p.Next(s, s.Last).Sub(s.Last); got < tc.want-time.Second || got > tc.want+time.Second {
				t.Errorf("budget %v: source %d fetched every %v, want %v", tc.perDay, s.ID, got, tc.want)
			}
		}
	}
}
