package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)

func TestEWMAFormula(t *testing.T) {
	tests := []struct {
		name   string
		seeded bool
		obs    []struct {
			h float64
			x int
		}
		want float64
	}{
		// Paper start at 0: λ1 = 0.1·4/2 + 0.9·0 = 0.2; λ2 = 0.1·1/1 + 0.9·0.2 = 0.28.
		{"zero start", false, []struct {
			h float64
			x int
		}{{2, 4}, {3, 1}}, 0.28},
		// Seeded: λ1 = 4/2 = 2; λ2 = 0.1·1 + 0.9·2 = 1.9.
		{"seeded", true, []struct {
			h float64
			x int
		}{{2, 4}, {3, 1}}, 1.9},
		{"no new items decays", true, []struct {
			h float64
			x int
		}{{1, 10}, {2, 0}}, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &EWMA{Alpha: 0.1, Seeded: tc.seeded}
			m.Start(t0, nil)
			for _, o := range tc.obs {
				m.Observe(t0.Add(time.Duration(o.h*float64(time.Hour))), o.x)
			}
			if math.Abs(m.Rate-tc.want) > 1e-12 {
				t.Fatalf("rate = %v, want %v", m.Rate, tc.want)
			}
		})
	}
}

func TestEWMAIgnoresNonIncreasingTime(t *testing.T) {
	m := NewEWMA(0.1)
	m.Start(t0, nil)
	m.Observe(t0.Add(time.Hour), 3)
	m.Observe(t0.Add(time.Hour), 50)
	m.Observe(t0, 50)
	if m.Rate != 3 || m.N != 1 {
		t.Fatalf("rate %v n %d after repeated and earlier observations, want 3 and 1", m.Rate, m.N)
	}
}

// poissonCount draws the number of events of a Poisson process of rate
// lambda (per hour) over h hours.
func poissonCount(r *rand.Rand, lambda, h float64) int {
	n, t := 0, r.ExpFloat64()/lambda
	for t < h {
		n++
		t += r.ExpFloat64() / lambda
	}
	return n
}

func TestEWMAConvergesAndTracksRegimeChange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	m := NewEWMA(0.05)
	now := t0
	m.Start(now, nil)
	run := func(lambda float64, fetches int) {
		for range fetches {
			h := 0.5 + r.Float64()*1.5 // irregular refreshes, as 003 §6 did
			now = now.Add(time.Duration(h * float64(time.Hour)))
			m.Observe(now, poissonCount(r, lambda, h))
		}
	}
	run(3, 600)
	if math.Abs(m.Rate-3)/3 > 0.15 {
		t.Fatalf("after 600 fetches of a rate-3 stream, estimate %v is more than 15%% off", m.Rate)
	}
	run(0.5, 600)
	if math.Abs(m.Rate-0.5)/0.5 > 0.25 {
		t.Fatalf("after the regime changed to 0.5, estimate %v is more than 25%% off", m.Rate)
	}
}

func TestEWMAStartSeedsFromDates(t *testing.T) {
	dates := []time.Time{t0.Add(-4 * time.Hour), {}, t0, t0.Add(-2 * time.Hour)}
	m := NewEWMA(0.1)
	m.Start(t0, dates)
	if math.Abs(m.Rate-0.5) > 1e-12 { // 3 dated items over 4 h: 2 gaps / 4 h
		t.Fatalf("seeded rate %v, want 0.5", m.Rate)
	}
	zero := &EWMA{Alpha: 0.1}
	zero.Start(t0, dates)
	if zero.Rate != 0 {
		t.Fatalf("unseeded model took rate %v from dates, want 0", zero.Rate)
	}
}

func TestEWMAExpectedAndTimeTo(t *testing.T) {
	m := NewEWMA(0.1)
	m.Start(t0, nil)
	m.Observe(t0.Add(2*time.Hour), 4)
	if got := m.Expected(t0.Add(3 * time.Hour)); math.Abs(got-2) > 1e-12 {
		t.Fatalf("Expected one hour later = %v, want 2", got)
	}
	if d, ok := m.TimeTo(1); !ok || d != 30*time.Minute {
		t.Fatalf("TimeTo(1) = %v %v, want 30m true", d, ok)
	}
	if _, ok := NewEWMA(0.1).TimeTo(1); ok {
		t.Fatal("TimeTo on a zero rate reported a time")
	}
}

func TestUnmarshalEWMA(t *testing.T) {
	good := NewEWMA(0.2)
	good.Start(t0, nil)
	good.Observe(t0.Add(time.Hour), 2)
	b, err := good.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalEWMA(b)
	if err != nil || *back != *good {
		t.Fatalf("round trip = %+v, %v; want %+v", back, err, good)
	}
	for _, bad := range []string{"", "{", `{"alpha":0}`, `{"alpha":0.1,"rate":-1}`, `{"alpha":2}`} {
		if _, err := UnmarshalEWMA([]byte(bad)); err == nil {
			t.Errorf("UnmarshalEWMA(%q) accepted a bad model", bad)
		}
	}
}

func BenchmarkEWMAObserve(b *testing.B) {
	m := NewEWMA(0.1)
	now := t0
	m.Start(now, nil)
	for i := 0; b.Loop(); i++ {
		now = now.Add(time.Hour)
		m.Observe(now, i%5)
	}
}
