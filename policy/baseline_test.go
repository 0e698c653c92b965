package policy

import (
	"math"
	"testing"
	"time"
)

func TestBaselines(t *testing.T) {
	now := t0
	busy := NewModels(0.1, now.Add(-30*24*time.Hour))
	busy.Observe(now.Add(-7*24*time.Hour), 0, nil)
	// 14 items over the last week, one every 12 hours.
	at := now.Add(-7 * 24 * time.Hour)
	for range 14 {
		at = at.Add(12 * time.Hour)
		busy.Observe(at, 1, []time.Time{at})
	}
	src := &Source{ID: 1, Weight: 1, Models: busy, Last: at}
	tests := []struct {
		name string
		want time.Duration
		tol  time.Duration
	}{
		// Miniflux: a week over 14 entries.
		{"miniflux", 12 * time.Hour, time.Minute},
		// CommaFeed: half the 12-hour mean gap, capped at a quarter of 24 h.
		{"commafeed", 6 * time.Hour, time.Minute},
		// Nutch: 14 fetches that each found an item shrink 1 h by 0.8^14 (the
		// fetch before them only started the models) to 2.6 min: vigil's 5-minute
		// floor binds.
		{"nutch", 5 * time.Minute, time.Second},
	}
	if want := time.Duration(float64(time.Hour) * math.Pow(0.8, 14)); busy.Interval-want > time.Millisecond || want-busy.Interval > time.Millisecond {
		t.Fatalf("nutch's adaptive interval is %v, want %v", busy.Interval, want)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig
			cfg.PerDay = 10
			p, err := New(tc.name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Next(src, now).Sub(now)
			if d := got - tc.want; d > tc.tol || d < -tc.tol {
				t.Fatalf("%s interval %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestCGMFreshnessStarvesTheFastestSource(t *testing.T) {
	slow, fast := source(1, 2, nil), source(2, 2000, nil)
	cfg := DefaultConfig
	cfg.PerDay = 4
	p, _ := New("cgm-freshness", cfg)
	if err := p.Plan([]*Source{slow, fast}, t0); err != nil {
		t.Fatal(err)
	}
	if d := p.Next(fast, t0).Sub(t0); d != cfg.MaxInterval {
		t.Fatalf("the fastest source is fetched after %v, want it starved (max interval)", d)
	}
	if d := p.Next(slow, t0).Sub(t0); d > 7*time.Hour {
		t.Fatalf("the slow source waits %v: it should get the whole budget of 4 a day", d)
	}
	age, _ := New("cgm-age", cfg)
	if err := age.Plan([]*Source{slow, fast}, t0); err != nil {
		t.Fatal(err)
	}
	if age.Next(fast, t0).Sub(t0) >= age.Next(slow, t0).Sub(t0) {
		t.Fatal("the age-optimal allocation must refresh the faster source more often")
	}
}
