package policy

import "vigil/estimate"

// clusterAbove is the number of sources above which a scheduled policy
// places fetches once per (pattern cluster, m) instead of once per source:
// Sia & Cho §4.3.1 (and Sia et al. §5.3) cluster daily patterns with k-means
// and found schedules per cluster lose little; with 12 clusters the
// placements of a million sources cost as much as a few hundred.
const clusterAbove = 1000

// clusterCount is K, Sia & Cho's choice.
const clusterCount = 12

// clusterChecks is every cluster's held-back check (AccessModel.FeedChecks),
// its members' added up, so that the choice between placing by the readers'
// pattern and spacing evenly is made once per cluster, as its placement
// is; a cluster none of whose members has a check has none.
func clusterChecks(srcs []*Source, members, labels []int) map[int]*AccessCheck {
	var out map[int]*AccessCheck
	for j, i := range members {
		c := srcs[i].Check
		if c == nil {
			continue
		}
		if out == nil {
			out = map[int]*AccessCheck{}
		}
		sum := out[labels[j]]
		if sum == nil {
			sum = &AccessCheck{}
			out[labels[j]] = sum
		}
		sum.add(c)
	}
	return out
}

// shapes returns the patterns clustered (a source's 24 hourly rates, and
// for the user policy its readers' 24 hourly accesses after them) of the
// sources that have a learned rate, and the index of each in srcs.
func (p *scheduled) shapes(srcs []*Source) ([]estimate.Pattern, []int) {
	var patterns []estimate.Pattern
	var members []int
	for i, s := range srcs {
		// The periodic model's rates have the shape of Hourly (which only
		// rescales them), and k-means normalises: no copy is needed.
		hourly := s.Models.Daily.Rates
		if s.Models.RatePerDay() <= 0 || len(hourly) != 24 || !positive(hourly) {
			continue // no rate, or no shape yet: spaced evenly
		}
		pat := estimate.Pattern(hourly)
		if p.readers {
			access := s.Access
			if len(access) != 24 || !positive(access) {
				access = flat(24)
			}
			// Each half weighs the same, whichever has the larger numbers:
			// a busy feed read rarely must still cluster by when it is read.
			pat = append(halfOf(hourly), halfOf(access)...)
		}
		patterns = append(patterns, pat)
		members = append(members, i)
	}
	return patterns, members
}

// centroidSource is a stand-in source whose learned pattern (and, for 48
// bins, access pattern) is a cluster's centroid; placement depends only on
// the shape, not on the scale.
func centroidSource(c estimate.Pattern) *Source {
	m := NewModels(0.1, timeZero)
	m.EWMA.Rate = 1
	m.Daily.Rates = append([]float64(nil), c[:24]...)
	m.Daily.N = 1
	s := &Source{Models: m}
	if len(c) == 48 {
		s.Access = append([]float64(nil), c[24:]...)
	}
	return s
}

// halfOf scales rates to sum 1/2.
func halfOf(rates []float64) estimate.Pattern {
	total := 0.0
	for _, r := range rates {
		total += r
	}
	out := make(estimate.Pattern, len(rates))
	for i, r := range rates {
		out[i] = r / total / 2
	}
	return out
}

// positive reports whether the rates add up to more than zero.
func positive(rates []float64) bool {
	total := 0.0
	for _, r := range rates {
		total += r
	}
	return total > 0
}

func flat(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}
