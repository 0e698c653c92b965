package policy

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"vigil/internal/benchsize"
)

// shapes are 12 daily patterns: a peak at a different hour each.
func benchShapes() [][]float64 {
	out := make([][]float64, 12)
	for k := range out {
		out[k] = make([]float64, 24)
		for h := range 24 {
			d := math.Min(math.Abs(float64(h-2*k)), 24-math.Abs(float64(h-2*k)))
			out[k][h] = 0.2 + math.Exp(-d*d/8)
		}
	}
	return out
}

// benchSources builds n sources with power-law rates (FORMULAS §8) and one
// of the 12 shapes, each with its own models.
func benchSources(n int, access bool) []*Source {
	r := rand.New(rand.NewPCG(3, 5))
	shapes := benchShapes()
	srcs := make([]*Source, n)
	for i := range srcs {
		m := NewModels(0.1, t0)
		perDay := math.Min(500, 0.1/math.Pow(1-r.Float64(), 1/0.78)) // Pareto tail
		shape := shapes[i%len(shapes)]
		total := 0.0
		for _, v := range shape {
			total += v
		}
		m.EWMA.Rate = perDay / 24
		m.EWMA.Last = t0
		for h := range 24 {
			m.Daily.Rates[h] = shape[h] / total * perDay
		}
		m.Daily.N = 1
		s := &Source{ID: int64(i + 1), Weight: 1 + float64(r.IntN(3)), Models: m}
		if access {
			s.Access = make([]float64, 24)
			for h := range 24 {
				s.Access[h] = 0.1 + r.Float64() // distinct per source
			}
		}
		srcs[i] = s
	}
	return srcs
}

// BenchmarkPlanCombined1e6 is the full plan at scale: allocation of a
// budget of 2 fetches per source per day over 1,000,000 sources, and
// placement computed once per (pattern cluster, m).
func BenchmarkPlanCombined1e6(b *testing.B) {
	srcs := benchSources(1_000_000, false)
	cfg := DefaultConfig
	cfg.PerDay = 2e6
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		p, _ := New("combined", cfg)
		if err := p.Plan(srcs, t0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlanUser1e4 is the user-aware plan at scale: 10,000 sources
// with distinct access patterns, each placed exactly (no clustering).
func BenchmarkPlanUser1e4(b *testing.B) {
	srcs := benchSources(benchsize.Pick(10_000, 500), true)
	cfg := DefaultConfig
	cfg.PerDay = 8 * float64(len(srcs))
	cfg.ClusterAbove = -1
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		p, _ := New("user", cfg)
		if err := p.Plan(srcs, t0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkObserve is one fetch folded into every model of a source.
func BenchmarkObserve(b *testing.B) {
	m := NewModels(0.1, t0)
	at := t0
	dates := []time.Time{t0}
	for i := 0; b.Loop(); i++ {
		at = at.Add(17 * time.Minute)
		dates[0] = at
		m.Observe(at, i%3, dates)
	}
}

func ExampleNames() {
	fmt.Println(len(Names()) >= 14)
	// Output: true
}
