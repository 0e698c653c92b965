package policy

import (
	"fmt"

	"vigil/estimate"
	"vigil/plan"
)

// placement is how one plan places each source's daily fetches: per
// source, or per pattern cluster above Config.ClusterAbove sources (Sia &
// Cho §4.3.1), each placing unit's minutes for m fetches a day computed
// once and kept, with the normalised miss cost of those minutes
// (unitCost) for the allocation that weighs them (placedShares).
type placement struct {
	p    *scheduled
	srcs []*Source
	// unit is each source's placing unit, by index into units, or −1 for
	// a source spaced evenly on its own (timesUniform): one with no
	// learned shape among clustered ones.
	unit []int
	// units are the stand-in sources placed: a cluster's centroid
	// (centroidSource) or the source itself.
	units []*Source
	// clustered is whether the units are pattern clusters.
	clustered bool
	// mins and costs are each unit's minutes and unitCost for m fetches a
	// day, at index m−1, filled as they are asked for.
	mins  [][][]int
	costs [][]float64
}

// newPlacement clusters the sources' patterns when there are more than
// the cluster limit and the strategy places by pattern, and otherwise
// makes every source its own unit.
func (p *scheduled) newPlacement(srcs []*Source) (*placement, error) {
	limit := p.cfg.ClusterAbove
	if limit == 0 {
		limit = clusterAbove
	}
	pl := &placement{p: p, srcs: srcs, unit: make([]int, len(srcs))}
	if limit > 0 && len(srcs) > limit && p.clusters {
		pl.clustered = true
		if err := pl.cluster(); err != nil {
			return nil, err
		}
	} else {
		pl.units = srcs
		for i := range srcs {
			pl.unit[i] = i
		}
	}
	pl.mins = make([][][]int, len(pl.units))
	pl.costs = make([][]float64, len(pl.units))
	return pl, nil
}

// cluster makes one unit per cluster of the sources' patterns (k-means,
// K = clusterCount); a source without a learned shape is spaced evenly
// on its own.
func (pl *placement) cluster() error {
	p := pl.p
	for i := range pl.unit {
		pl.unit[i] = -1
	}
	patterns, members := p.shapes(pl.srcs)
	if len(patterns) == 0 {
		return nil
	}
	cl, labels, err := estimate.KMeans(patterns, estimate.KMeansConfig{K: min(clusterCount, len(patterns)), Seed: p.cfg.Seed, Tolerance: 1e-3})
	if err != nil {
		return fmt.Errorf("clustering daily patterns: %w", err)
	}
	checks := clusterChecks(pl.srcs, members, labels)
	for k, c := range cl.Centroids {
		src := centroidSource(c)
		src.Check = checks[k]
		pl.units = append(pl.units, src)
	}
	for j, i := range members {
		pl.unit[i] = labels[j]
	}
	return nil
}

// name is how errors name unit u: its source, or its pattern cluster.
func (pl *placement) name(u int) string {
	if pl.clustered {
		return fmt.Sprintf("pattern cluster %d", u)
	}
	return fmt.Sprintf("source %d", pl.units[u].ID)
}

// minutes returns the minutes of source i's m daily fetches.
func (pl *placement) minutes(i, m int) ([]int, error) {
	u := pl.unit[i]
	if u < 0 {
		return timesUniform(pl.srcs[i], m, pl.p.cfg.Seed)
	}
	return pl.unitMinutes(u, m)
}

// unitMinutes returns the minutes of unit u's m daily fetches.
func (pl *placement) unitMinutes(u, m int) ([]int, error) {
	if m <= len(pl.mins[u]) && pl.mins[u][m-1] != nil {
		return pl.mins[u][m-1], nil
	}
	mins, err := pl.p.times(pl.units[u], m, pl.p.cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pl.name(u), err)
	}
	for len(pl.mins[u]) < m {
		pl.mins[u] = append(pl.mins[u], nil)
	}
	pl.mins[u][m-1] = mins
	return mins, nil
}

// all returns the minutes of every source's counts[i] daily fetches.
func (pl *placement) all(counts []int) ([][]int, error) {
	out := make([][]int, len(pl.unit))
	for i := range pl.unit {
		mins, err := pl.minutes(i, counts[i])
		if err != nil {
			return nil, err
		}
		out[i] = mins
	}
	return out, nil
}

// unitCost is the expected cost per day of unit u's m daily fetches
// placed by its patterns, as a share of its day's postings times its
// day's accesses: the postings readers miss (Sia et al., Lemma 1) under
// the unit's posting and access patterns, or without an access pattern
// the postings' delay in days (Sia & Cho, Lemma 1; the miss cost of one
// access spread evenly over the day). For m evenly spaced fetches under
// flat patterns it is 1/(2m), the cost Sia & Cho's Theorem 1 allocates
// by; a unit with no learned shape is taken to be flat, and so is a
// source spaced evenly on its own (u < 0).
//
// Two approximations keep it cheap beside the plan's own placements (at
// 24 fetches a feed a day, placing every count a source might get would
// cost many placements a source). The fetches are placed and costed on
// quarter hours (costSlots), not minutes. And only the first placedExact
// counts are placed; beyond them the cost is taken to fall as 1/m from the
// last one placed. For many fetches a day the cost does fall as K/(2m)
// (their density then follows sqrt(u(t)·λ(t)), Sia & Cho's Theorem 3 in
// the limit, K = (∫sqrt(u·λ))²/(U·Λ)), but K is taken from the last count
// placed, not worked out, so the gains past it are rough: where readers
// look at more separate hours of the day than that count, the next
// fetches gain more than this says. Where the held-back
// check (AccessModel.HeldBack) spaces a feed's fetches evenly, its cost is
// still that of the placement by its patterns.
func (pl *placement) unitCost(u, m int) (float64, error) {
	if u < 0 {
		return 1 / (2 * float64(m)), nil
	}
	if pl.costs[u] == nil {
		c, err := placedCosts(pl.units[u])
		if err != nil {
			return 0, fmt.Errorf("%s: %w", pl.name(u), err)
		}
		pl.costs[u] = c
	}
	c := pl.costs[u]
	if k := len(c); m > k {
		return c[k-1] * float64(k) / float64(m), nil
	}
	return c[m-1], nil
}

// placedExact is the most daily fetches whose placed cost unitCost works
// out; see there.
const placedExact = 4

// costSlots is the resolution unitCost places fetches on: quarter hours.
const costSlots = 96

// placedCosts is unitCost for 1 to placedExact fetches a day of src.
func placedCosts(src *Source) ([]float64, error) {
	out := make([]float64, placedExact)
	pat, err := costPattern(src)
	if err != nil {
		return nil, err
	}
	for m := range out {
		if pat == nil {
			out[m] = 1 / (2 * float64(m+1))
			continue
		}
		sch, err := pat.Place(m + 1)
		if err != nil {
			return nil, err
		}
		out[m] = sch.Cost / (pat.Total() * pat.Accesses())
	}
	return out, nil
}

// costPattern is the pattern a source's placement is judged on, by
// quarter hour: its learned rates and its readers' accesses, or its rates
// with one access a slot when no access is known; nil without a learned
// rate.
func costPattern(s *Source) (*plan.Pattern, error) {
	rates, ok := slotRates(s.Models.Hourly(), costSlots)
	if !ok {
		return nil, nil
	}
	if access, ok := slotRates(s.Access, costSlots); ok {
		return plan.NewMissPattern(rates, access)
	}
	return plan.NewDelayPattern(rates)
}
