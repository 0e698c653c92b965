package policy

import (
	"testing"
	"time"

	"vigil"
)

// accruedAt returns the accrued rule with θ fixed and the given hourly
// rates as the sources' daily pattern.
func accruedAt(theta float64, hourly []float64) *accrued {
	cfg := DefaultConfig
	cfg.PerDay = 24
	p := newAccrued(cfg)
	p.theta = theta
	p.rate = func(*Source) func(time.Time) float64 { return byHour(hourly) }
	return p
}

// hoursAfter returns t0 plus each of the hours.
func hoursAfter(hours ...float64) []time.Time {
	out := make([]time.Time, len(hours))
	for i, h := range hours {
		out[i] = t0.Add(time.Duration(h * float64(time.Hour)))
	}
	return out
}

func TestAccruedPlannedFetches(t *testing.T) {
	flat := make([]float64, 24)
	halves := make([]float64, 24)
	for h := range flat {
		flat[h] = 2
		halves[h] = 8
		if h >= 12 {
			halves[h] = 2
		}
	}
	tests := []struct {
		name   string
		hourly []float64
		from   time.Time
		want   []time.Time
	}{
		// λ = 2/h, θ = 4: λ·t²/2 = θ every sqrt(2·4/2) = 2 h from the
		// last fetch at 00:00; 24:00 is past the span.
		{"constant rate", flat, t0.Add(30 * time.Minute), hoursAfter(2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22)},
		// λ = 8/h until noon: every sqrt(2·4/8) = 1 h; then λ = 2/h: every 2 h.
		{"daily pattern", halves, t0, hoursAfter(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := accruedAt(4, tc.hourly)
			s := steady(1, 48)
			got := Planned(p, s, tc.from, t0.Add(day))
			if len(got) != len(tc.want) {
				t.Fatalf("planned %d fetches %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i := range got {
				if d := got[i].Sub(tc.want[i]); d < -time.Second || d > time.Second {
					t.Errorf("fetch %d at %v, want %v", i, got[i], tc.want[i])
				}
			}
			if !s.Last.Equal(t0) {
				t.Errorf("listing the plan moved the source's last fetch to %v", s.Last)
			}
		})
	}
}

func TestPlannedFetchesOfOtherPolicies(t *testing.T) {
	tests := []struct {
		name string
		want int // fetches in the next day
		gap  time.Duration
	}{
		// a budget of 4 a day for one source: its day plan's 4 minutes, 6 h apart.
		{"uniform", 4, 6 * time.Hour},
		// a rule deciding each fetch from the last one: its next fetch only.
		{"ewma", 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig
			cfg.PerDay = 4
			p, err := New(tc.name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			s := steady(1, 48)
			if err := p.Plan([]*Source{s}, t0); err != nil {
				t.Fatal(err)
			}
			got := Planned(p, s, t0, t0.Add(day))
			if len(got) != tc.want {
				t.Fatalf("planned %v, want %d fetches", got, tc.want)
			}
			if next := p.Next(s, t0); !got[0].Equal(next) {
				t.Errorf("first planned fetch %v, Next says %v", got[0], next)
			}
			for i := 1; i < len(got); i++ {
				if g := got[i].Sub(got[i-1]); g != tc.gap {
					t.Errorf("fetches %d and %d %v apart, want %v", i-1, i, g, tc.gap)
				}
			}
		})
	}
}

func TestLivePlannedFetchesFollowTheReplan(t *testing.T) {
	l, err := NewLive("accrued", DefaultConfig, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := steady(7, 48)
	model, err := s.Models.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	feed := vigil.Feed{ID: 7, Subscribers: 1, Weight: 1, Model: model, LastSuccess: t0}
	next, err := l.Replan([]vigil.Feed{feed}, nil, nil, t0)
	if err != nil {
		t.Fatal(err)
	}
	got := l.PlannedFetches(feed, t0, t0.Add(day))
	// one feed and a budget of 48 a day: it gets them all, every 30 minutes.
	if len(got) < 47 || len(got) > 49 {
		t.Fatalf("planned %d fetches a day, want the budget's 48", len(got))
	}
	if !got[0].Equal(next[7]) {
		t.Errorf("first planned fetch %v, the replan's next fetch %v", got[0], next[7])
	}
}

func TestLivePlannedFetchesOfAFailingFeed(t *testing.T) {
	s := steady(7, 48)
	model, err := s.Models.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	retry := t0.Add(3 * time.Hour)
	feed := vigil.Feed{ID: 7, Subscribers: 1, Weight: 1, Model: model, LastSuccess: t0, Failures: 2, NextFetch: retry}
	tests := []struct {
		policy string
		want   int // fetches from the stored retry to 23:45
	}{
		// the retry at 03:00, then every 30 minutes as if it succeeded, to 23:30.
		{"accrued", 42},
		// a rule deciding each fetch from what the last found: the retry only.
		{"ewma", 1},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			l, err := NewLive(tc.policy, DefaultConfig, 0.2, 48, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := l.Replan([]vigil.Feed{feed}, nil, nil, t0); err != nil {
				t.Fatal(err)
			}
			// to 23:45, clear of the rounding of a fetch due at 24:00
			got := l.PlannedFetches(feed, t0, t0.Add(day-15*time.Minute))
			if len(got) == 0 || !got[0].Equal(retry) {
				t.Fatalf("the plan starts %v, want the stored retry %v", got, retry)
			}
			if len(got) != tc.want {
				t.Errorf("%d fetches planned, want %d", len(got), tc.want)
			}
		})
	}
}
