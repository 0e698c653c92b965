package trace

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Shape says how much a posting trace gives a refresh policy to learn:
// whether its sources keep a daily rhythm, post in bursts, and how unevenly
// the postings spread over sources. A policy that learns rates and daily
// shapes gains over a naive one in proportion to these (Sia & Cho's
// Theorem 1 gains from uneven rates, their Theorem 3 from peaked days), so
// the figures tell which traces such a policy should lead on by much.
type Shape struct {
	// Sources is how many sources had at least the minimum of postings
	// asked for; the medians below are over them.
	Sources int
	// Postings is their postings' count.
	Postings int
	// Rhythm is the median over sources of the share of a source's
	// postings in its busiest 8 consecutive hours of the UTC day (circular):
	// 1/3 for a flat day, higher the more peaked.
	Rhythm float64
	// FlatRhythm is the same median for the same sources' counts placed
	// uniformly at random over the day (a fixed seed): what chance alone
	// gives a flat source with that few postings. Rhythm − FlatRhythm is
	// the rhythm a policy can learn.
	FlatRhythm float64
	// Burstiness is the median over sources of the coefficient of
	// variation of the gaps between consecutive postings: 1 for a Poisson
	// process, above 1 when postings come in bursts, below when they are
	// spread more evenly than chance.
	Burstiness float64
	// TopShare is the share of all postings made by the busiest 17% of
	// sources (the seeds' feeds: 97%; an even spread: 17%).
	TopShare float64
}

// rhythmHours is the span of the busiest part of the day Shape measures.
const rhythmHours = 8

// topSourceShare is the fraction of busiest sources TopShare counts, the
// figure the seed papers report their concentration by.
const topSourceShare = 0.17

// Shape measures the trace's sources with at least minPostings postings
// (at least 2); with none, it returns a zero Shape. seed fixes the random
// placement FlatRhythm compares with.
func (p *Postings) Shape(minPostings int, seed uint64) Shape {
	minPostings = max(minPostings, 2)
	rng := rand.New(rand.NewPCG(seed, 0x5ea9e))
	var rhythm, flat, cv []float64
	var counts []int
	sh := Shape{}
	for _, s := range p.Sources {
		n := len(s.Postings)
		if n < minPostings {
			continue
		}
		sh.Sources++
		sh.Postings += n
		counts = append(counts, n)
		rhythm = append(rhythm, busiestShare(hourCounts(s.Postings), n))
		flat = append(flat, busiestShare(uniformHours(rng, n), n))
		cv = append(cv, gapVariation(s.Postings))
	}
	if sh.Sources == 0 {
		return Shape{}
	}
	sh.Rhythm, sh.FlatRhythm, sh.Burstiness = median(rhythm), median(flat), median(cv)
	sh.TopShare = topShare(counts, sh.Postings)
	return sh
}

// hourCounts counts postings by UTC hour of the day.
func hourCounts(ps []Posting) [24]int {
	var h [24]int
	for _, x := range ps {
		h[x.Time.UTC().Hour()]++
	}
	return h
}

// uniformHours places n postings at uniformly random hours.
func uniformHours(rng *rand.Rand, n int) [24]int {
	var h [24]int
	for range n {
		h[rng.IntN(24)]++
	}
	return h
}

// busiestShare is the largest count of rhythmHours consecutive hours
// (around midnight too) over n.
func busiestShare(h [24]int, n int) float64 {
	window := 0
	for k := range rhythmHours {
		window += h[k]
	}
	best := window
	for i := 1; i < 24; i++ {
		window += h[(i+rhythmHours-1)%24] - h[i-1]
		best = max(best, window)
	}
	return float64(best) / float64(n)
}

// gapVariation is the coefficient of variation (standard deviation over
// mean) of the gaps between consecutive postings, 0 when they all share
// one instant.
func gapVariation(ps []Posting) float64 {
	var sum, sq float64
	n := float64(len(ps) - 1)
	for i := 1; i < len(ps); i++ {
		g := ps[i].Time.Sub(ps[i-1].Time).Seconds()
		sum += g
		sq += g * g
	}
	mean := sum / n
	if mean <= 0 {
		return 0
	}
	return math.Sqrt(max(0, sq/n-mean*mean)) / mean
}

// median returns the median of xs (the mean of the middle two for an even
// count); xs is sorted in place.
func median(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

// topShare is the share of total made by the busiest topSourceShare of the
// sources (at least one).
func topShare(counts []int, total int) float64 {
	slices.SortFunc(counts, func(a, b int) int { return b - a })
	k := max(1, int(math.Round(topSourceShare*float64(len(counts)))))
	top := 0
	for _, c := range counts[:k] {
		top += c
	}
	return float64(top) / float64(total)
}
