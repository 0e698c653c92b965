package plan

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// cgmClose reports whether got is within tol of want, relative to want's
// size when it exceeds 1.
func cgmClose(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

// cgmIntegrated returns the freshness and age of a page (rate, freq) by the
// midpoint rule over one refresh interval, straight from their definitions.
func cgmIntegrated(rate, freq float64) (fresh, age float64) {
	const n = 200000
	h := 1 / freq / n
	for k := range n {
		t := (float64(k) + 0.5) * h
		fresh += math.Exp(-rate*t) * h
		age += (t + math.Expm1(-rate*t)/rate) * h
	}
	return fresh * freq, age * freq
}

func TestCGMMeanMetrics(t *testing.T) {
	e := math.E
	cases := []struct {
		rate, freq  float64
		fresh, age  float64
		description string
	}{
		{1, 1, 1 - 1/e, 1 - 1/e - 0.5, "one change per refresh"},
		{2, 1, (1 - 1/(e*e)) / 2, (1 - 1/(e*e)) / 4, "two changes per refresh"},
		{1, 2, 2 * (1 - 1/math.Sqrt(e)), 0.25 - 1 + 2*(1-1/math.Sqrt(e)), "half a change per refresh"},
		{1e-6, 1, 1 - 5e-7 + 1e-12/6, 1e-6/6 - 1e-12/24, "rare changes (series)"},
		{0, 1, 1, 0, "never changes"},
		{0, 0, 1, 0, "never changes, never refreshed"},
		{1, 0, 0, math.Inf(1), "never refreshed"},
	}
	for _, c := range cases {
		if got := CGMMeanFreshness(c.rate, c.freq); !cgmClose(got, c.fresh, 1e-12) {
			t.Errorf("%s: CGMMeanFreshness(%v, %v) = %v, want %v", c.description, c.rate, c.freq, got, c.fresh)
		}
		if got := CGMMeanAge(c.rate, c.freq); got != c.age && !cgmClose(got, c.age, 1e-12) {
			t.Errorf("%s: CGMMeanAge(%v, %v) = %v, want %v", c.description, c.rate, c.freq, got, c.age)
		}
	}
}

func TestCGMMeanMetricsMatchDefinitions(t *testing.T) {
	for _, p := range [][2]float64{{1, 1}, {3, 0.5}, {0.2, 4}, {0.9, 1}, {50, 2}} {
		fresh, age := cgmIntegrated(p[0], p[1])
		if got := CGMMeanFreshness(p[0], p[1]); !cgmClose(got, fresh, 1e-8) {
			t.Errorf("CGMMeanFreshness(%v, %v) = %v, integral %v", p[0], p[1], got, fresh)
		}
		if got := CGMMeanAge(p[0], p[1]); !cgmClose(got, age, 1e-8) {
			t.Errorf("CGMMeanAge(%v, %v) = %v, integral %v", p[0], p[1], got, age)
		}
	}
}

// TestCGMMarginalsMatchFiniteDifferences checks the gains the solver
// equalises against central differences of F and A in f, on both sides of
// the series switch.
func TestCGMMarginalsMatchFiniteDifferences(t *testing.T) {
	for _, p := range [][2]float64{{1, 1}, {1, 3}, {2, 1.5}, {0.3, 1}, {5, 0.5}, {0.01, 0.1}, {10, 1}} {
		rate, f := p[0], p[1]
		h := 1e-5 * f
		x := rate / f
		dF := (CGMMeanFreshness(rate, f+h) - CGMMeanFreshness(rate, f-h)) / (2 * h)
		if got, _ := cgmFreshnessGain.eval(x); !cgmClose(got/rate, dF, 1e-6) {
			t.Errorf("∂F/∂f(%v, %v) = %v, finite difference %v", rate, f, got, dF)
		}
		dA := (CGMMeanAge(rate, f+h) - CGMMeanAge(rate, f-h)) / (2 * h)
		if got, _ := cgmAgeGain.eval(x); !cgmClose(-got/(rate*rate), dA, 1e-6) {
			t.Errorf("∂A/∂f(%v, %v) = %v, finite difference %v", rate, f, got, dA)
		}
	}
}

func TestCGMGainsSeriesMeetsClosedForm(t *testing.T) {
	x := cgmSeriesBelow
	fresh := -math.Expm1(-x) - x*math.Exp(-x)
	if got := cgmSeries(x, 2); !cgmClose(got, fresh, 1e-14) {
		t.Errorf("freshness series at %v = %v, closed form %v", x, got, fresh)
	}
	age := x*x/2 - 1 + (1+x)*math.Exp(-x)
	if got := cgmSeries(x, 3); math.Abs(got-age) > 1e-14*age {
		t.Errorf("age series at %v = %v, closed form %v", x, got, age)
	}
}

func TestCGMInvert(t *testing.T) {
	for _, g := range []cgmGain{cgmFreshnessGain, cgmAgeGain} {
		for _, c := range []float64{1e-30, 1e-12, 1e-6, 0.01, 0.2, 0.5, 0.9, 0.999999, 5, 1e6} {
			if c >= g.sup {
				continue
			}
			for _, start := range []float64{0, 1e-9, 1, 1e9} {
				x, _ := g.invert(c, start)
				if v, _ := g.eval(x); !cgmClose(v, c, 1e-11) {
					t.Errorf("invert(%v) from %v = %v, g = %v", c, start, x, v)
				}
			}
		}
	}
}

// TestCGMFreshnessFivePages checks CGM03's example: five pages changing 1,
// 2, 3, 4 and 5 times a day, refreshed 5 times a day in all; the optimal
// frequencies they report are 1.15, 1.36, 1.35, 1.14 and 0.
func TestCGMFreshnessFivePages(t *testing.T) {
	got, err := CGMFreshness([]float64{1, 2, 3, 4, 5}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1.15, 1.36, 1.35, 1.14, 0}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 0.005 {
			t.Fatalf("CGMFreshness = %.4f, want %v", got, want)
		}
	}
}

// TestCGMTwoPagesByHand checks cases solved by hand. When w_i/λ_i^p is the
// same for both pages the gains equalise at equal x = λ/f, so f ∝ λ. With
// λ = {1, 4} and a budget of 1, all of it on page 1 gives it the gain
// 1 − 2/e ≈ 0.264 ≥ 1/4, page 2's gain at f → 0⁺: page 2 starves. With a
// budget of 1.2 page 1's gain at f = 1.2 is 1 − (1 + 1/1.2)e^{−1/1.2} ≈
// 0.203 < 1/4, so page 2 gets a share.
func TestCGMTwoPagesByHand(t *testing.T) {
	cases := []struct {
		name           string
		age            bool
		rates, weights []float64
		total          float64
		want           []float64
	}{
		{"freshness, equal pages", false, []float64{2, 2}, nil, 3, []float64{1.5, 1.5}},
		{"freshness, w ∝ λ", false, []float64{1, 2}, []float64{1, 2}, 3, []float64{1, 2}},
		{"freshness, fast page starves", false, []float64{1, 4}, nil, 1, []float64{1, 0}},
		{"freshness, zero rate gets nothing", false, []float64{0, 1}, nil, 2, []float64{0, 2}},
		{"age, equal pages", true, []float64{3, 3}, nil, 2, []float64{1, 1}},
		{"age, w ∝ λ²", true, []float64{1, 2}, []float64{1, 4}, 3, []float64{1, 2}},
		{"age, zero weight gets nothing", true, []float64{1, 1}, []float64{0, 1}, 2, []float64{0, 2}},
	}
	for _, c := range cases {
		solve := CGMFreshness
		if c.age {
			solve = CGMAge
		}
		got, err := solve(c.rates, c.weights, c.total)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i := range c.want {
			if !cgmClose(got[i], c.want[i], 1e-9) {
				t.Errorf("%s: got %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
	got, err := CGMFreshness([]float64{1, 4}, nil, 1.2)
	if err != nil || got[1] <= 0 {
		t.Errorf("freshness, budget 1.2: got %v, %v; want page 2 refreshed", got, err)
	}
}

// TestCGMFreshnessAtStarvationThreshold puts the optimum where page 2
// (λ = 4) is about to starve: with budget T*, the f at which page 1's gain
// 1 − (1 + 1/f)e^{−1/f} equals page 2's 1/4, page 2 gets nothing; with
// T* + δ the exact optimum gives page 1 T* (to within e^{−4/δ}) and page 2
// the remaining δ, a share the multiplier cannot resolve in doubles.
func TestCGMFreshnessAtStarvationThreshold(t *testing.T) {
	lo, hi := 1.0, 2.0
	for range 200 {
		mid := (lo + hi) / 2
		if g, _ := cgmFreshnessGain.eval(1 / mid); g > 0.25 {
			lo = mid
		} else {
			hi = mid
		}
	}
	const delta = 1e-3
	got, err := CGMFreshness([]float64{1, 4}, nil, lo+delta)
	if err != nil {
		t.Fatal(err)
	}
	if !cgmClose(got[0], lo, 1e-9) || !cgmClose(got[1], delta, 1e-6) {
		t.Errorf("CGMFreshness = %v, want [%v %v]", got, lo, delta)
	}
}

// cgmObjective returns Σ w·F (freshness) or −Σ w·A (age): higher is better.
func cgmObjective(age bool, rates, weights, freqs []float64) float64 {
	sum := 0.0
	for i, r := range rates {
		w := 1.0
		if weights != nil {
			w = weights[i]
		}
		if age {
			sum -= w * CGMMeanAge(r, freqs[i])
		} else {
			sum += w * CGMMeanFreshness(r, freqs[i])
		}
	}
	return sum
}

// TestCGMBeatsGridSearch compares three-page allocations with every split
// of the budget on a grid of 1/200.
func TestCGMBeatsGridSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for trial := range 20 {
		rates := []float64{0.2 + 5*rng.Float64(), 0.2 + 5*rng.Float64(), 0.2 + 5*rng.Float64()}
		weights := []float64{0.5 + rng.Float64(), 0.5 + rng.Float64(), 0.5 + rng.Float64()}
		total := 0.5 + 6*rng.Float64()
		for _, age := range []bool{false, true} {
			solve := CGMFreshness
			if age {
				solve = CGMAge
			}
			got, err := solve(rates, weights, total)
			if err != nil {
				t.Fatal(err)
			}
			mine := cgmObjective(age, rates, weights, got)
			const steps = 200
			for a := 0; a <= steps; a++ {
				for b := 0; a+b <= steps; b++ {
					f := []float64{total * float64(a) / steps, total * float64(b) / steps, total * float64(steps-a-b) / steps}
					if other := cgmObjective(age, rates, weights, f); other > mine+1e-12 {
						t.Fatalf("trial %d age=%v: grid %v scores %v, solver %v scores %v", trial, age, f, other, got, mine)
					}
				}
			}
		}
	}
}

// TestCGMOptimality checks, on random sources, that the budget is spent
// and the Lagrange conditions hold: equal marginal gains μ where f > 0,
// and for freshness a gain at f → 0⁺ of at most μ where f = 0.
func TestCGMOptimality(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for trial := range 40 {
		n := 1 + rng.IntN(300)
		rates, weights := make([]float64, n), make([]float64, n)
		for i := range rates {
			rates[i] = math.Exp(rng.NormFloat64() * 2)
			weights[i] = float64(rng.IntN(50))
			if rng.IntN(10) == 0 {
				rates[i] = 0
			}
		}
		total := math.Exp(rng.NormFloat64()*2) * float64(n)
		for _, age := range []bool{false, true} {
			cgmCheckOptimal(t, trial, age, rates, weights, total)
		}
	}
}

func cgmCheckOptimal(t *testing.T, trial int, age bool, rates, weights []float64, total float64) {
	t.Helper()
	solve, g := CGMFreshness, cgmFreshnessGain
	if age {
		solve, g = CGMAge, cgmAgeGain
	}
	freqs, err := solve(rates, weights, total)
	if err != nil {
		t.Fatal(err)
	}
	sum, mu := 0.0, 0.0
	for i, f := range freqs {
		sum += f
		if f > 0 {
			v, _ := g.eval(rates[i] / f)
			mu = max(mu, weights[i]*v/math.Pow(rates[i], g.power))
		}
	}
	if active := cgmActive(rates, weights); active && !cgmClose(sum, total, 1e-9) {
		t.Fatalf("trial %d age=%v: Σf = %v, want %v", trial, age, sum, total)
	}
	for i, f := range freqs {
		r, w := rates[i], weights[i]
		switch {
		case r == 0 || w == 0:
			if f != 0 {
				t.Fatalf("trial %d age=%v: source %d (rate %v, weight %v) got %v, want 0", trial, age, i, r, w, f)
			}
		case f > 0:
			if v, _ := g.eval(r / f); math.Abs(w*v/math.Pow(r, g.power)-mu) > 1e-6*mu {
				t.Fatalf("trial %d age=%v: source %d gain %v, μ %v", trial, age, i, w*v/math.Pow(r, g.power), mu)
			}
		case age || w/r > mu*(1+1e-9):
			t.Fatalf("trial %d age=%v: source %d (rate %v, weight %v) starved with μ %v", trial, age, i, r, w, mu)
		}
	}
}

func cgmActive(rates, weights []float64) bool {
	for i := range rates {
		if rates[i] > 0 && weights[i] > 0 {
			return true
		}
	}
	return false
}

func TestCGMQualitative(t *testing.T) {
	rates := make([]float64, 40)
	for i := range rates {
		rates[i] = float64(i+1) / 4
	}
	fresh, err := CGMFreshness(rates, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	starved := false
	for i, f := range fresh {
		if f == 0 {
			starved = true
		} else if starved {
			t.Fatalf("freshness: page %d (rate %v) refreshed after a slower page starved: %v", i, rates[i], fresh)
		}
	}
	if !starved {
		t.Fatalf("freshness: no page starved: %v", fresh)
	}
	age, err := CGMAge(rates, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(age); i++ {
		if !(age[i] > age[i-1]) {
			t.Fatalf("age: page %d (rate %v) gets %v, not more than page %d's %v", i, rates[i], age[i], i-1, age[i-1])
		}
	}
}

func TestCGMEdgeCases(t *testing.T) {
	cases := []struct {
		name           string
		rates, weights []float64
		total          float64
		want           []float64
	}{
		{"no sources", nil, nil, 3, []float64{}},
		{"no budget", []float64{1, 2}, nil, 0, []float64{0, 0}},
		{"zero rates", []float64{0, 0}, nil, 4, []float64{0, 0}},
		{"zero weights", []float64{1, 2}, []float64{0, 0}, 4, []float64{0, 0}},
		{"one source takes all", []float64{7}, []float64{2}, 4, []float64{4}},
	}
	for _, c := range cases {
		for _, solve := range []func([]float64, []float64, float64) ([]float64, error){CGMFreshness, CGMAge} {
			got, err := solve(c.rates, c.weights, c.total)
			if err != nil || len(got) != len(c.want) {
				t.Fatalf("%s: got %v, %v; want %v", c.name, got, err, c.want)
			}
			for i := range got {
				if !cgmClose(got[i], c.want[i], 1e-12) {
					t.Fatalf("%s: got %v, want %v", c.name, got, c.want)
				}
			}
		}
	}
}

func TestCGMRejectsBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		rates, weights []float64
		total          float64
		want           string
	}{
		{[]float64{1}, []float64{1, 2}, 1, "2 weights for 1 rates"},
		{[]float64{1}, nil, -1, "refresh budget -1"},
		{[]float64{1}, nil, nan, "refresh budget NaN"},
		{[]float64{1}, nil, inf, "refresh budget +Inf"},
		{[]float64{1, -2}, nil, 1, "change rate 1 is -2"},
		{[]float64{nan}, nil, 1, "change rate 0 is NaN"},
		{[]float64{inf}, nil, 1, "change rate 0 is +Inf"},
		{[]float64{1, 1}, []float64{1, -1}, 1, "weight 1 is -1"},
		{[]float64{1}, []float64{nan}, 1, "weight 0 is NaN"},
	}
	for _, c := range cases {
		for _, solve := range []func([]float64, []float64, float64) ([]float64, error){CGMFreshness, CGMAge} {
			_, err := solve(c.rates, c.weights, c.total)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "plan: ") {
				t.Errorf("(%v, %v, %v): error %v, want one naming %q", c.rates, c.weights, c.total, err, c.want)
			}
		}
	}
}

// cgmManySources returns n sources with log-normal change rates (median
// one a day) and power-law reader counts, and a budget of one refresh per
// source per day.
func cgmManySources(n int) (rates, weights []float64, total float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	rates, weights = make([]float64, n), make([]float64, n)
	for i := range rates {
		rates[i] = math.Exp(1.5 * rng.NormFloat64())
		weights[i] = math.Floor(1 / math.Pow(rng.Float64()+1e-9, 0.7))
	}
	return rates, weights, float64(n)
}

func BenchmarkCGMFreshness1e6(b *testing.B) {
	rates, weights, total := cgmManySources(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CGMFreshness(rates, weights, total); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCGMAge1e6(b *testing.B) {
	rates, weights, total := cgmManySources(1_000_000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CGMAge(rates, weights, total); err != nil {
			b.Fatal(err)
		}
	}
}
