package plan

import (
	"math"
	"math/rand/v2"
	"testing"
)

// dayPattern returns the expected postings of each one-minute slot of a
// day for a source peaking at hour peak, with a one-hour burst at hour
// burst and 10 postings per day in all.
func dayPattern(peak, burst float64) []float64 {
	const n = 1440
	xs := make([]float64, n)
	total := 0.0
	for s := range xs {
		h := (float64(s) + 0.5) / 60
		xs[s] = 1 + 0.9*math.Cos(2*math.Pi*(h-peak)/24)
		if d := math.Abs(h - burst); d < 0.5 || d > 23.5 {
			xs[s] += 4
		}
		total += xs[s]
	}
	for s := range xs {
		xs[s] *= 10 / total
	}
	return xs
}

// readerPattern is a reader active in office hours.
func readerPattern() []float64 {
	xs := make([]float64, 1440)
	for s := range xs {
		xs[s] = 0.2
		if s >= 8*60 && s < 18*60 {
			xs[s] = 1
		}
	}
	return xs
}

func BenchmarkPlaceDelay24(b *testing.B) {
	p, err := NewDelayPattern(dayPattern(14, 9))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Place(24); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlaceMiss24(b *testing.B) {
	p, err := NewMissPattern(dayPattern(14, 9), readerPattern())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Place(24); err != nil {
			b.Fatal(err)
		}
	}
}

// manySources returns n sources with log-uniform rates from 0.1 to 200
// postings a day (Sia & Cho §4.1 report a power law), a few readers each, a
// floor of one fetch a day and a ceiling of one every five minutes.
func manySources(n int) []Source {
	rng := rand.New(rand.NewPCG(13, 14))
	srcs := make([]Source, n)
	for i := range srcs {
		srcs[i] = Source{
			Weight:  float64(1 + rng.IntN(3)*rng.IntN(3)),
			Rate:    0.1 * math.Pow(2000, rng.Float64()),
			Floor:   1,
			Ceiling: 288,
		}
	}
	return srcs
}

func BenchmarkAllocate1e6(b *testing.B) {
	srcs := manySources(1_000_000)
	budget := Budget{Fetches: 4_000_000}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Allocate(srcs, budget); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullPlan1e6 allocates 4,000,000 fetches a day over 1,000,000
// sources in K = 12 pattern clusters, then places each distinct
// (cluster, fetches) pair once on one-minute slots (Sia & Cho §4.3.1).
func BenchmarkFullPlan1e6(b *testing.B) {
	const k = 12
	srcs := manySources(1_000_000)
	patterns := make([]*Pattern, k)
	for c := range patterns {
		p, err := NewDelayPattern(dayPattern(float64(2*c), float64((2*c+7)%24)))
		if err != nil {
			b.Fatal(err)
		}
		patterns[c] = p
	}
	budget := Budget{Fetches: 4_000_000}
	b.ReportAllocs()
	pairs := 0
	for b.Loop() {
		m, err := Allocate(srcs, budget)
		if err != nil {
			b.Fatal(err)
		}
		placed := make([]map[int]Schedule, k)
		for c := range placed {
			placed[c] = map[int]Schedule{}
		}
		pairs = 0
		for i, mi := range m {
			c := i % k
			if _, ok := placed[c][mi]; ok || mi == 0 {
				continue
			}
			s, err := patterns[c].Place(mi)
			if err != nil {
				b.Fatal(err)
			}
			placed[c][mi] = s
			pairs++
		}
	}
	b.ReportMetric(float64(pairs), "pairs")
}
