package plan

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestSaturationTime(t *testing.T) {
	p := mustDelay(t, []float64{1, 3, 0, 2})
	cases := []struct {
		name         string
		from, window float64
		want         float64
	}{
		{"first slot fills the window", 0, 1, 1},
		{"a quiet slot before the overflow is safe", 0, 4, 3},
		{"the window spans a period", 0, 7, 5},
		{"mid-slot start", 0.5, 0.5, 1},
		{"start in a quiet slot", 2.5, 1, 3.5},
		{"empty window waits out the quiet slot", 2, 0, 3},
		{"later period", 9, 2, 9 + 2.0/3},
	}
	for _, c := range cases {
		got, ok := p.SaturationTime(c.from, c.window)
		if !ok || !near(got, c.want, 1e-12) {
			t.Errorf("%s: SaturationTime(%v, %v) = %v, %v; want %v", c.name, c.from, c.window, got, ok, c.want)
		}
	}
	silent := mustDelay(t, make([]float64, 5))
	if got, ok := silent.SaturationTime(1, 3); ok || !math.IsInf(got, 1) {
		t.Errorf("silent pattern: %v, %v", got, ok)
	}
}

func TestSaturationTimeMatchesLatestSafe(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 300 {
		n := 1 + rng.IntN(30)
		p := mustDelay(t, randomSeries(rng, n))
		if p.Total() == 0 {
			continue
		}
		from := 3 * float64(n) * rng.Float64()
		window := 2 * p.Total() * rng.Float64()
		want, _ := p.SaturationTime(from, window)
		got, ok := LatestSafe(func(x float64) float64 { return p.Expected(from, x) }, window, from, from+10*float64(n))
		if !ok || !near(got, want, 1e-9) {
			t.Fatalf("n=%d from=%v window=%v: LatestSafe %v, %v; SaturationTime %v", n, from, window, got, ok, want)
		}
	}
}

func TestLatestSafe(t *testing.T) {
	linear := func(x float64) float64 { return 2 * (x - 10) }
	cases := []struct {
		name                string
		window, from, until float64
		want                float64
		saturates           bool
	}{
		{"fills at five", 10, 10, 100, 15, true},
		{"never fills before until", 1000, 10, 100, 100, false},
		{"already full", -1, 10, 100, 10, true},
	}
	for _, c := range cases {
		got, ok := LatestSafe(linear, c.window, c.from, c.until)
		if ok != c.saturates || !near(got, c.want, 1e-12) {
			t.Errorf("%s: got %v, %v; want %v, %v", c.name, got, ok, c.want, c.saturates)
		}
	}
}

func TestSaturationReserve(t *testing.T) {
	cases := []struct {
		rate   float64
		window int
		want   int
	}{
		{40, 20, 2},
		{41, 20, 3},
		{0.5, 10, 1},
		{0, 10, 0},
		{30, 0, 0},
	}
	for _, c := range cases {
		if got := SaturationReserve(c.rate, c.window); got != c.want {
			t.Errorf("SaturationReserve(%v, %d) = %d, want %d", c.rate, c.window, got, c.want)
		}
	}
}
