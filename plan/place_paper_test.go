package plan

import (
	"math"
	"slices"
	"testing"
)

// sliceRates returns the expected count of each of n equal slots of a
// period T for a rate whose integral from 0 to t is integral(t).
func sliceRates(n int, T float64, integral func(t float64) float64) []float64 {
	xs := make([]float64, n)
	h := T / float64(n)
	for s := range xs {
		xs[s] = integral(float64(s+1)*h) - integral(float64(s)*h)
	}
	return xs
}

// step is the rate of Sia & Cho, Example 1 scaled: hi on [0, 1), lo on
// [1, 2), period 2; stepIntegral is its integral from 0.
func stepIntegral(hi, lo float64) func(t float64) float64 {
	return func(t float64) float64 {
		if t <= 1 {
			return hi * t
		}
		return hi + lo*(t-1)
	}
}

// Sia & Cho, Example 1: λ = 1 on [0, 1), 0 on [1, 2), T = 2, one fetch.
func TestPlaceSiaChoExample1(t *testing.T) {
	for _, n := range []int{2, 20, 200} {
		h := 2 / float64(n)
		p := mustDelay(t, sliceRates(n, 2, stepIntegral(1, 0)))
		got, err := p.Place(1)
		if err != nil {
			t.Fatal(err)
		}
		if tau := float64(got.Slots[0]) * h; tau != 1 {
			t.Errorf("n=%d: best fetch at t=%v, want 1", n, tau)
		}
		if d := got.Cost * h; !near(d, 0.5, 1e-12) {
			t.Errorf("n=%d: expected delay %v per period, want 1/2", n, d)
		}
		worst, _ := p.Cost([]int{0})
		if d := worst * h; !near(d, 1.5, 1e-12) {
			t.Errorf("n=%d: fetching at t=0 delays %v, want 3/2", n, d)
		}
	}
}

// sine returns a + b·sin(2πt) and its integral from 0 (cosine when cos).
func sine(a, b float64, cos bool) (rate, integral func(float64) float64) {
	if cos {
		return func(t float64) float64 { return a + b*math.Cos(2*math.Pi*t) },
			func(t float64) float64 { return a*t + b*math.Sin(2*math.Pi*t)/(2*math.Pi) }
	}
	return func(t float64) float64 { return a + b*math.Sin(2*math.Pi*t) },
		func(t float64) float64 { return a*t - b*(math.Cos(2*math.Pi*t)-1)/(2*math.Pi) }
}

// fetchTimes converts a schedule on n slots of a unit period into times
// τ_0 … τ_{m+1} with τ_0 = τ_m − 1 and τ_{m+1} = τ_1 + 1 (the papers'
// wrap-around convention, shifted to index from 1).
func fetchTimes(slots []int, n int) []float64 {
	m := len(slots)
	tau := make([]float64, m+2)
	for j, s := range slots {
		tau[j+1] = float64(s) / float64(n)
	}
	tau[0], tau[m+1] = tau[m]-1, tau[1]+1
	return tau
}

// Sia & Cho, Example 2 and Theorem 3: λ(t) = 2 + 2 sin 2πt, T = 1, m = 6.
func TestPlaceSiaChoExample2(t *testing.T) {
	const n, m = 1440, 6
	rate, integral := sine(2, 2, false)
	p := mustDelay(t, sliceRates(n, 1, integral))
	got, err := p.Place(m)
	if err != nil {
		t.Fatal(err)
	}
	tau := fetchTimes(got.Slots, n)
	perFetch := 2.0 / m // postings per period over fetches
	for j := 1; j <= m; j++ {
		lhs := rate(tau[j]) * (tau[j+1] - tau[j])
		rhs := integral(tau[j]) - integral(tau[j-1])
		if math.Abs(lhs-rhs) > 0.01*perFetch {
			t.Errorf("τ_%d = %.4f: λ(τ_j)(τ_{j+1}−τ_j) = %.5f, ∫_{τ_{j−1}}^{τ_j} λ = %.5f", j, tau[j], lhs, rhs)
		}
	}
	for off := range n / m {
		u, _ := UniformSlots(n, m, off)
		c, _ := p.Cost(u)
		if c <= got.Cost {
			t.Fatalf("uniform spacing from slot %d costs %v, optimum %v", off, c, got.Cost)
		}
	}
}

// Sia, Cho et al., Example 1: the reader comes when the source is quiet;
// the single fetch goes at the end of the busy stretch, t = 1.
func TestPlaceSiaEtAlMirroredExample(t *testing.T) {
	const n = 200
	rates := sliceRates(n, 2, stepIntegral(1, 0.1))
	access := sliceRates(n, 2, stepIntegral(0.1, 1))
	p := mustPattern(t, rates, access)
	got, err := p.Place(1)
	if err != nil {
		t.Fatal(err)
	}
	if tau := float64(got.Slots[0]) * 2 / n; tau != 1 {
		t.Fatalf("best fetch at t=%v, want 1", tau)
	}
	// M(τ) = ∫u·Λ − Λ(τ)U(T) + Λ(T)U(τ) with ∫_0^2 u·Λ = 0.1·½ + (1 + ½·0.1) = 1.1.
	if want := 1.1 - 1*1.1 + 1.1*0.1; !near(got.Cost, want, 1e-9) {
		t.Fatalf("expected misses %v, want %v", got.Cost, want)
	}
}

// Sia, Cho et al., Theorem 2 with λ = 2 + sin 2πt, u = 2 + cos 2πt, m = 6.
func TestPlaceSiaEtAlTheorem2(t *testing.T) {
	const n, m = 1440, 6
	lambda, lInt := sine(2, 1, false)
	u, uInt := sine(2, 1, true)
	p := mustPattern(t, sliceRates(n, 1, lInt), sliceRates(n, 1, uInt))
	got, err := p.Place(m)
	if err != nil {
		t.Fatal(err)
	}
	tau := fetchTimes(got.Slots, n)
	for i := 1; i <= m; i++ {
		lhs := u(tau[i]) / lambda(tau[i])
		rhs := (uInt(tau[i+1]) - uInt(tau[i])) / (lInt(tau[i]) - lInt(tau[i-1]))
		if math.Abs(lhs-rhs) > 0.01*lhs {
			t.Errorf("τ_%d = %.4f: u/λ = %.4f, ∫u over the next gap / ∫λ over the last = %.4f", i, tau[i], lhs, rhs)
		}
	}
	uniform, _ := UniformSlots(n, m, 0)
	if c, _ := p.Cost(uniform); c <= got.Cost {
		t.Fatalf("uniform spacing costs %v, optimum %v", c, got.Cost)
	}
}

// With a constant reader the miss placement is the delay placement.
func TestPlaceMissWithConstantAccessIsDelay(t *testing.T) {
	const n, c = 288, 3.0
	_, integral := sine(2, 1.5, false)
	rates := sliceRates(n, 1, integral)
	for i := range rates {
		rates[i] *= 1 + 0.5*math.Sin(float64(i*i)) // break the symmetry
	}
	access := make([]float64, n)
	for i := range access {
		access[i] = c
	}
	dp, mp := mustDelay(t, rates), mustPattern(t, rates, access)
	for _, m := range []int{1, 4, 24} {
		d, _ := dp.Place(m)
		x, _ := mp.Place(m)
		if !slices.Equal(d.Slots, x.Slots) || !near(x.Cost, c*d.Cost, 1e-9) {
			t.Errorf("m=%d: delay %v (%v), miss %v (%v)", m, d.Slots, d.Cost, x.Slots, x.Cost)
		}
	}
}
