package plan

import (
	"math"
	"testing"
)

// TestCGMFreshnessIntervalMatchesTheAllocation checks that the interval
// given the allocation's own multiplier is the allocation's: for CGM03's
// five pages (1-5 changes a day, 5 refreshes a day) the pages' marginal
// gains agree at the optimum, so μ read off one page places the others at
// 1/1.15, 1/1.36, 1/1.35, 1/1.14 days and the fastest never.
func TestCGMFreshnessIntervalMatchesTheAllocation(t *testing.T) {
	rates := []float64{1, 2, 3, 4, 5}
	freqs, err := CGMFreshness(rates, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	x := rates[0] / freqs[0]
	g, _ := cgmFreshnessMarginal(x)
	mu := g / rates[0]
	for i, r := range rates {
		got := CGMFreshnessInterval(r, 1, mu)
		if freqs[i] == 0 {
			if !math.IsInf(got, 1) {
				t.Errorf("page %d (rate %v): interval %v, want never (+Inf)", i, r, got)
			}
			continue
		}
		if want := 1 / freqs[i]; math.Abs(got-want) > 1e-6*want {
			t.Errorf("page %d (rate %v): interval %v, want %v", i, r, got, want)
		}
	}
}

// TestCGMFreshnessIntervalEdges checks the cases without a finite root and
// the slow-page limit, where the gain λ·I²/2 is Sia & Cho's accrued delay.
func TestCGMFreshnessIntervalEdges(t *testing.T) {
	cases := []struct {
		name             string
		rate, weight, mu float64
		want             float64
	}{
		{"never changes", 0, 1, 0.1, math.Inf(1)},
		{"weighs nothing", 1, 0, 0.1, math.Inf(1)},
		{"too fast to keep fresh", 10, 1, 0.1, math.Inf(1)},
		{"no multiplier", 1, 1, 0, 0},
		// λ = 1e-6, μ = 1e-4: g(x) ≈ x²/2 for small x, so w·λI²/2 ≈ μ and
		// I ≈ sqrt(2μ/(w·λ)) ≈ 14.14.
		{"slow page", 1e-6, 1, 1e-4, math.Sqrt(2 * 1e-4 / 1e-6)},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := CGMFreshnessInterval(tt.rate, tt.weight, tt.mu)
			if math.IsInf(tt.want, 1) != math.IsInf(got, 1) || (!math.IsInf(got, 1) && math.Abs(got-tt.want) > 1e-3*math.Max(tt.want, 1e-9)) {
				t.Errorf("CGMFreshnessInterval(%v, %v, %v) = %v, want %v", tt.rate, tt.weight, tt.mu, got, tt.want)
			}
		})
	}
}
