package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestLearnedByHand(t *testing.T) {
	tests := []struct {
		name   string
		clock  LearnClock
		probes []struct {
			h float64
			c int
		}
		want float64
	}{
		// α = 0.1·e^(−2/100) = 0.0980199; λ = α·0.284 + (1 − α)·3/2.
		{"hours", ClockHours, []struct {
			h float64
			c int
		}{{2, 3}}, 1.3808078413258984},
		// α = 0.1·e^(−1/100) = 0.0990050 for the first probe.
		{"probes", ClockProbes, []struct {
			h float64
			c int
		}{{2, 3}}, 1.3796099402161013},
		// Then nothing in an hour: α = 0.1·e^(−3/100) = 0.0970446; λ = α·1.3808078 + 0.
		{"quiet second probe", ClockHours, []struct {
			h float64
			c int
		}{{2, 3}, {3, 0}}, 0.1339998802},
		{"earlier probe ignored", ClockHours, []struct {
			h float64
			c int
		}{{2, 3}, {1, 50}, {2, 50}}, 1.3808078413258984},
		{"negative count ignored", ClockHours, []struct {
			h float64
			c int
		}{{2, 3}, {4, -1}}, 1.3808078413258984},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewLearned(t0)
			m.Clock = tc.clock
			for _, p := range tc.probes {
				m.Observe(at(p.h), p.c)
			}
			if math.Abs(m.Rate-tc.want) > 1e-8 {
				t.Fatalf("rate = %.10f, want %.10f", m.Rate, tc.want)
			}
		})
	}
}

func TestLearnedNext(t *testing.T) {
	tests := []struct {
		name          string
		rate, minRate float64
		want          time.Duration
		ok            bool
	}{
		{"one over the rate", 1.5, 1.0 / 24, 40 * time.Minute, true},
		{"quiet source probed daily", 0, 1.0 / 24, 24 * time.Hour, true},
		{"zero rate without floor", 0, 0, 0, false},
		{"too slow to schedule", 1e-30, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewLearned(t0)
			m.Rate, m.MinRate = tc.rate, tc.minRate
			next, ok := m.Next()
			if ok != tc.ok || (ok && next.Sub(t0) != tc.want) {
				t.Fatalf("Next = %v %v, want %v after t0, %v", next, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestLearnedTracksPoissonStream probes a Poisson stream when the model
// says, as Roitman et al. §5.3 do, and checks that the learned rate
// averages to the true rate before and after the rate changes. Eq. 5
// weights the latest observation by at least 1 − α0, so single values are
// noisy; their mean over many probes is what converges.
func TestLearnedTracksPoissonStream(t *testing.T) {
	for _, clock := range []LearnClock{ClockHours, ClockProbes} {
		t.Run(string(clock), func(t *testing.T) {
			r := rand.New(rand.NewPCG(21, 8))
			m := NewLearned(t0)
			m.Clock = clock
			for _, rate := range []float64{2, 0.5} {
				sum, n := 0.0, 0
				for i := range 2000 {
					next, _ := m.Next()
					m.Observe(next, poissonCount(r, rate, next.Sub(m.Last).Hours()))
					if i >= 500 {
						sum += m.Rate
						n++
					}
				}
				mean := sum / float64(n)
				t.Logf("rate %v: mean learned %.3f", rate, mean)
				if math.Abs(mean-rate)/rate > 0.15 {
					t.Errorf("mean learned rate %.3f, want %v within 15%%", mean, rate)
				}
			}
		})
	}
}

func TestUnmarshalLearned(t *testing.T) {
	good := NewLearned(t0)
	good.Observe(at(2), 3)
	b, err := good.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalLearned(b)
	if err != nil || back.Rate != good.Rate || !back.Last.Equal(good.Last) || back.Probes != 1 || back.Clock != ClockHours {
		t.Fatalf("round trip = %+v, %v; want %+v", back, err, good)
	}
	base := `"alpha0":0.1,"g":100,"clock":"hours","rate":1,"added":"2026-01-05T00:00:00Z","last":"2026-01-05T01:00:00Z"`
	if _, err := UnmarshalLearned([]byte(`{` + base + `}`)); err != nil {
		t.Fatalf("UnmarshalLearned rejected a valid model: %v", err)
	}
	for _, bad := range []string{
		"", "{", `{"alpha0":0.1}`,
		`{` + base + `,"probes":-1}`,
		`{"alpha0":1.5,"g":100,"clock":"hours","rate":1}`,
		`{"alpha0":0.1,"g":0,"clock":"hours","rate":1}`,
		`{"alpha0":0.1,"g":100,"clock":"days","rate":1}`,
		`{"alpha0":0.1,"g":100,"clock":"hours","rate":-1}`,
		`{"alpha0":0.1,"g":100,"clock":"hours","rate":1,"min_rate":-1}`,
		`{"alpha0":0.1,"g":100,"clock":"hours","rate":1,"added":"2026-01-05T00:00:00Z","last":"2026-01-04T00:00:00Z"}`,
	} {
		if _, err := UnmarshalLearned([]byte(bad)); err == nil {
			t.Errorf("UnmarshalLearned(%q) accepted a bad model", bad)
		}
	}
}

func BenchmarkLearnedObserve(b *testing.B) {
	m := NewLearned(t0)
	now := t0
	for i := 0; b.Loop(); i++ {
		now = now.Add(time.Duration(20+i%60) * time.Minute)
		m.Observe(now, i%3)
	}
}
