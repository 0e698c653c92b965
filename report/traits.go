package report

import (
	"cmp"
	"math"
	"slices"
	"time"

	"vigil/sim"
)

// Traits are the statistics of a posting trace that decide how much a
// refresh policy can gain over uniform polling, next to what the seed
// papers report of their data (Horincar et al. §5; Sia & Cho §4).
type Traits struct {
	// TopShare is the share of all postings that the busiest 17% of
	// sources publish (97% in Horincar et al.'s 9,634 feeds).
	TopShare float64 `json:"top17_share"`
	// RateP90OverMedian is the 90th-percentile source's posting rate over
	// the median source's: how unequal the rates are.
	RateP90OverMedian float64 `json:"rate_p90_over_median"`
	// Over10PerDay is the share of sources posting more than 10 items a
	// day (about 20% in Horincar et al., Fig. 4).
	Over10PerDay float64 `json:"over_10_per_day"`
	// PeakShare is the mean, over sources weighted by postings, of the
	// share of a source's postings in its busiest 4 hours of the day
	// (4/24 = 0.17 for a flat day): how much timing within the day can
	// gain (Sia & Cho §4.3).
	PeakShare float64 `json:"peak4h_share"`
}

// TraitsOf measures a posting trace over the period [start, end).
func TraitsOf(srcs []sim.Source, start, end time.Time) Traits {
	days := end.Sub(start).Hours() / 24
	if len(srcs) == 0 || !(days > 0) {
		return Traits{}
	}
	counts := make([]int, len(srcs))
	total, over10, peak := 0, 0, 0.0
	for i, s := range srcs {
		counts[i] = len(s.Postings)
		total += counts[i]
		if float64(counts[i])/days > 10 {
			over10++
		}
		peak += peakShare(s.Postings) * float64(counts[i])
	}
	sorted := slices.Clone(counts)
	slices.SortFunc(sorted, func(a, b int) int { return cmp.Compare(b, a) })
	top := 0
	for _, c := range sorted[:int(math.Ceil(0.17*float64(len(sorted))))] {
		top += c
	}
	t := Traits{Over10PerDay: float64(over10) / float64(len(srcs))}
	if total > 0 {
		t.TopShare = float64(top) / float64(total)
		t.PeakShare = peak / float64(total)
	}
	median, p90 := sorted[len(sorted)/2], sorted[len(sorted)/10]
	if median > 0 {
		t.RateP90OverMedian = float64(p90) / float64(median)
	}
	return t
}

// peakShare is the largest share of postings in any 4 consecutive hours of
// the day (UTC, wrapping at midnight).
func peakShare(ts []time.Time) float64 {
	if len(ts) == 0 {
		return 0
	}
	var hours [24]int
	for _, t := range ts {
		hours[t.UTC().Hour()]++
	}
	best := 0
	for h := range 24 {
		n := 0
		for k := range 4 {
			n += hours[(h+k)%24]
		}
		best = max(best, n)
	}
	return float64(best) / float64(len(ts))
}
