package policy

import "math"

// poolBelow is the fewest feeds with dated shapes that poolShapes pools
// over: the spread of fewer says too little of the population's.
const poolBelow = 10

// datedShare is the least share of a feed's hour histogram that must come
// from its items' own dates (estimate.HourShape.Dated) for poolShapes to
// weigh and pool its shape: imputed shares are not draws of the feed's
// hours, and the spread of the feeds' shapes is measured from draws.
const datedShare = 0.9

// poolShapes pulls the daily shape of every view whose hour histogram
// rests on its items' dates toward the population's, by Bühlmann-Straub
// credibility with the population's strength estimated from the
// histograms themselves: vigil's choice, not the papers'. A feed of
// evidence n_i keeps the weight z_i = n_i / (n_i + k) on its own shape
// p_i, the rest going to the collective shape p̄ = Σ z_i·p_i / Σ z_i (by
// n_i when every z_i is 0):
//
//	p̃_i = z_i·p_i + (1 − z_i)·p̄,   k = σ²/τ².
//
// Each item is a draw of an hour, so a feed's histogram x_i (its counts
// over their total) has the within-feed variance σ²/n_i, estimated from
// every feed's own spread, and the feeds' true shapes a spread τ² about
// their mean, estimated from the histograms' spread about the n-weighted
// mean x̄ less what the within-feed variance explains (the
// Bühlmann-Straub moment estimates):
//
//	σ² = Σ_i n_i·(1 − Σ_h x_ih²) / Σ_i (n_i − 1)
//	τ² = (Σ_i n_i·Σ_h (x_ih − x̄_h)² − (N − 1)·σ²) / (n − Σ_i n_i²/n)
//
// n_i being the effective size of the feed's decayed dated counts
// (estimate.HourShape.DatedSize) and n = Σ n_i over the N feeds. Where
// the feeds' shapes truly differ (τ² large next to σ²/n_i) k is small and
// each keeps its own; where they differ by chance alone (τ² ≤ 0) every
// pooled feed takes the collective shape. The level is kept: the 24
// rates are rescaled to the same sum.
//
// k and z are measured on the raw dated histogram but applied to the
// view's shape, the dated histogram under the periodic model's shape as a
// prior (Tracking.ShapePrior): that shape is no noisier than the raw one,
// so the pooling is, if anything, stronger than its own evidence would
// ask. This is deliberate, and it is what was measured.
//
// Why: Sia et al.'s placement (Theorems 1-2) is best for the true shape,
// but it is given an estimate, and on reddit-2013q3, whose sources keep
// only mild daily rhythms, a feed's shape learned from a few dozen
// postings is mostly chance, so fetches placed by it sit before hours that
// were busy by chance. A fixed k helped there and hurt a synthetic trace
// of strong rhythms; k estimated from the data helped both. The figures
// are in docs/science.md (*Each feed's daily shape, or the population's*).
//
// views are trackedViews' copies; pages, feeds without models and feeds
// whose histograms hold mostly imputed shares (datedShare) are left as
// they are, and consecutive views sharing one set of models count once.
func poolShapes(views []*Source) {
	pool := pooled(views)
	if len(pool) < poolBelow {
		return
	}
	k := poolStrength(pool)
	z := make([]float64, len(pool))
	var mean [24]float64
	sum := 0.0
	for i, m := range pool {
		n := m.Posted.DatedSize()
		z[i] = n / (n + k) // 0 when k is +Inf
		w := z[i]
		if math.IsInf(k, 1) {
			w = n
		}
		total := 24 * levelOfHours(m.Daily.Rates)
		for h, r := range m.Daily.Rates {
			mean[h] += w * r / total
		}
		sum += w
	}
	for i, m := range pool {
		total := 24 * levelOfHours(m.Daily.Rates)
		for h, r := range m.Daily.Rates {
			m.Daily.Rates[h] = z[i]*r + (1-z[i])*total*mean[h]/sum
		}
	}
}

// pooled is the distinct models of the views that poolShapes pools: not
// a page, a learned daily shape with finite rates, and an hour histogram
// mostly of dated items worth more than one item.
func pooled(views []*Source) []*Models {
	var out []*Models
	var last *Models
	for _, v := range views {
		m := v.Models
		if m == nil || m == last || m.Page || m.Posted == nil || len(m.Daily.Rates) != 24 || len(m.Posted.Counts) != 24 {
			continue
		}
		last = m
		t := m.Posted.Total()
		level := levelOfHours(m.Daily.Rates)
		if t > 0 && m.Posted.Dated >= datedShare*t && m.Posted.DatedSize() > 1 && level > 0 && !math.IsInf(level, 1) {
			out = append(out, m)
		}
	}
	return out
}

// poolStrength is the Bühlmann-Straub k = σ²/τ² of the pooled models' hour
// histograms (see poolShapes); +Inf when their spread is no more than
// their evidence explains.
func poolStrength(pool []*Models) float64 {
	var mean [24]float64
	var n, n2, within, dof float64
	for _, m := range pool {
		ni, t := m.Posted.DatedSize(), m.Posted.Total()
		sq := 0.0
		for h, c := range m.Posted.Counts {
			x := c / t
			mean[h] += ni * x
			sq += x * x
		}
		within += ni * (1 - sq)
		dof += ni - 1
		n += ni
		n2 += ni * ni
	}
	sigma := within / dof
	spread := 0.0
	for _, m := range pool {
		ni, t := m.Posted.DatedSize(), m.Posted.Total()
		for h, c := range m.Posted.Counts {
			d := c/t - mean[h]/n
			spread += ni * d * d
		}
	}
	tau := (spread - float64(len(pool)-1)*sigma) / (n - n2/n)
	if !(tau > 0) {
		return math.Inf(1)
	}
	return sigma / tau
}
