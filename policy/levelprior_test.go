package policy

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestLevelPriorShrinks(t *testing.T) {
	tests := []struct {
		name            string
		k, mean         float64
		level, exposure float64
		want            float64
	}{
		{"off", 0, 0.1, 0.01, 100, 0.01},
		{"no mean yet", 3, 0, 0.01, 100, 0.01},
		{"not shrunk (a page)", 3, 0.1, 0.01, -1, 0.01},
		{"no evidence: the population's mean", 3, 0.1, 0.02, 0, 0.1},
		// (0.01·100 + 3) / (100 + 3/0.1) = 4/130.
		{"a quiet feed watched 100 h", 3, 0.1, 0.01, 100, 4.0 / 130},
		// (0.5·10000 + 3) / (10000 + 30): barely moved.
		{"a busy feed watched long", 3, 0.1, 0.5, 10000, 5003.0 / 10030},
		{"silent so far", 3, 0.1, 0, 200, 3.0 / 230},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := levelPrior{k: tt.k, mean: tt.mean}.shrunk(tt.level, tt.exposure)
			if math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("shrunk(%v, %v) = %v, want %v", tt.level, tt.exposure, got, tt.want)
			}
		})
	}
}

// TestLevelPriorRootIsTheScaledRatesRoot checks that S_i from the sums
// (levelPrior.root, what a streamed re-plan calibrates by) is the S_i of
// the shrunk hourly rates (levelPrior.scale, what placement reads).
func TestLevelPriorRootIsTheScaledRatesRoot(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lp := levelPrior{k: 3, mean: 0.2}
	for i := range 50 {
		hourly := make([]float64, 24)
		if i%5 != 0 { // every fifth feed has level 0
			for h := range hourly {
				hourly[h] = rng.ExpFloat64() * 0.1
			}
		}
		w, exposure := 0.5+rng.Float64(), rng.Float64()*500
		raw, level := 0.0, levelOfHours(hourly)
		for _, r := range hourly {
			raw += math.Sqrt(w * r)
		}
		lp.scale(hourly, level, exposure)
		want := 0.0
		for _, r := range hourly {
			want += math.Sqrt(w * r)
		}
		if got := lp.root(raw, level, exposure, w); math.Abs(got-want) > 1e-9*want {
			t.Fatalf("feed %d: root %v, the shrunk rates' %v", i, got, want)
		}
	}
}

func TestLevelExposure(t *testing.T) {
	added := t0.Add(-240 * time.Hour)
	tests := []struct {
		name  string
		alpha float64
		n     int
		page  bool
		want  float64
		ok    bool
	}{
		// α 0.1, 10 intervals of 24 h: (2−α)/α·24 = 456 h, more than the
		// 240 h watched.
		{"watched briefly: the time watched", 0.1, 10, false, 240, true},
		// 100 intervals of 2.4 h: 19·2.4 = 45.6 h.
		{"many short intervals", 0.1, 100, false, 45.6, true},
		// α 1 keeps the last interval only: 2.4 h.
		{"alpha 1: the last interval", 1, 100, false, 2.4, true},
		{"no interval yet", 0.1, 0, false, 0, false},
		{"a page", 0.1, 10, true, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModels(tt.alpha, added)
			m.EWMA.N, m.EWMA.Last, m.Page = tt.n, t0, tt.page
			got, ok := levelExposure(m)
			if ok != tt.ok || math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("levelExposure = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// observed is a source watched for days, its EWMA over n intervals at
// perDay items a day, its feed showing 15 items (so not a silent feed).
func observed(id int64, perDay float64, days, n int) *Source {
	m := NewModels(0.2, t0.Add(-time.Duration(days)*day))
	m.EWMA.Rate, m.EWMA.N, m.EWMA.Last = perDay/24, n, t0
	m.Fetches = 100
	for h := range m.Daily.Rates {
		m.Daily.Rates[h] = perDay / 24
	}
	return &Source{ID: id, Weight: 1, Models: m, Last: t0, Window: 15}
}

// TestAccruedLevelPriorFeedsAQuietFeed plans nine busy feeds watched for a
// year beside one whose few days of watching showed nothing: without the
// prior it waits the longest interval its floors allow; with it, its
// level is the population's discounted by its little evidence and it is
// fetched sooner, while the busy feeds keep Sia & Cho's Theorem 1 ratio.
func TestAccruedLevelPriorFeedsAQuietFeed(t *testing.T) {
	plan := func(k float64) (quiet time.Duration, ratio float64) {
		t.Helper()
		srcs := []*Source{observed(1, 4, 365, 365), observed(2, 36, 365, 365)}
		for id := int64(3); id <= 9; id++ {
			srcs = append(srcs, observed(id, 10, 365, 365))
		}
		srcs = append(srcs, observed(10, 0, 5, 5))
		cfg := DefaultConfig
		cfg.PerDay = 60
		cfg.Tracking = DefaultTracking
		cfg.Tracking.LevelPrior = k
		p, err := New("accrued", cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Plan(srcs, t0); err != nil {
			t.Fatal(err)
		}
		gap := func(s *Source) time.Duration { return p.Next(s, s.Last).Sub(s.Last) }
		return gap(srcs[9]), float64(gap(srcs[0])) / float64(gap(srcs[1]))
	}
	quietRaw, ratioRaw := plan(0)
	quiet, ratio := plan(3)
	t.Logf("quiet feed: %v with the prior, %v without", quiet, quietRaw)
	if quiet >= quietRaw/2 {
		t.Errorf("the quiet feed waits %v with the prior, %v without: want it fetched much sooner", quiet, quietRaw)
	}
	for _, r := range []float64{ratioRaw, ratio} {
		if math.Abs(r-3) > 0.15 {
			t.Errorf("busy feeds' intervals in the ratio %.3f, want sqrt(36/4) = 3", r)
		}
	}
}

// TestAccruedPlanStateKeepsTheMeanLevel checks that a stored plan gives a
// later process the mean level it shrinks toward, so that its schedule is
// the planning process's.
func TestAccruedPlanStateKeepsTheMeanLevel(t *testing.T) {
	srcs := []*Source{observed(1, 4, 30, 30), observed(2, 0, 3, 3)}
	cfg := DefaultConfig
	cfg.PerDay = 4
	p := newAccrued(cfg)
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	if p.level.mean <= 0 {
		t.Fatalf("the plan found no mean level: %v", p.level.mean)
	}
	state, err := p.planState()
	if err != nil {
		t.Fatal(err)
	}
	q := newAccrued(cfg)
	if err := q.restorePlan(state); err != nil {
		t.Fatal(err)
	}
	if q.level.mean != p.level.mean {
		t.Errorf("restored mean level %v, planned %v", q.level.mean, p.level.mean)
	}
	if a, b := p.Next(srcs[1], t0), q.Next(srcs[1], t0); !a.Equal(b) {
		t.Errorf("restored plan fetches the quiet feed at %v, the planning one at %v", b, a)
	}
}
