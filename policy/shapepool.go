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
// rests on its items' dates toward the mean shape of those views, by
// Bühlmann-Straub credibility with the population's strength estimated
// from the histograms themselves: vigil's choice, not the papers'. A feed
// of evidence n_i keeps the weight z_i = n_i / (n_i + k) on its own shape
// p_i, the rest going to the mean p̄ of the pooled views' shapes:
//
//	p̃_i = z_i·p_i + (1 − z_i)·p̄,   k = σ²/τ²,
//
// σ² = 1 − Σ_h q̄_h² the variance one item's hour adds to a shape, q̄ the
// pooled histogram (Σ_i c_i / Σ_i n_i), and τ² the spread of the feeds'
// true shapes, from their histograms' spread less what their evidence
// explains (the Bühlmann-Straub moment estimate):
//
//	τ² = (Σ_i n_i·Σ_h (c_ih/t_i − q̄_h)² − (N − 1)·σ²) / (n − Σ_i n_i²/n),
//
// c_i the feed's decayed counts, t_i their total, n_i twice its dated
// count (the effective size of exponentially decayed counts) and n = Σ n_i
// over the N feeds. Where the feeds' shapes differ truly (τ² large next to
// σ²/n_i) k is small and each keeps its own; where they differ by chance
// alone (τ² ≤ 0) every pooled feed takes the mean. The level is kept: the
// 24 rates are rescaled to the same sum.
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
	var mean [24]float64
	for _, m := range pool {
		total := 24 * levelOfHours(m.Daily.Rates)
		for h, r := range m.Daily.Rates {
			mean[h] += r / total / float64(len(pool))
		}
	}
	for _, m := range pool {
		z := 0.0
		if n := 2 * m.Posted.Dated; !math.IsInf(k, 1) {
			z = n / (n + k)
		}
		total := 24 * levelOfHours(m.Daily.Rates)
		for h, r := range m.Daily.Rates {
			m.Daily.Rates[h] = z*r + (1-z)*total*mean[h]
		}
	}
}

// pooled is the distinct models of the views that poolShapes pools: not
// a page, a learned daily shape with rates, and an hour histogram mostly
// of dated items.
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
		if t > 0 && m.Posted.Dated >= datedShare*t && levelOfHours(m.Daily.Rates) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// poolStrength is the Bühlmann-Straub k = σ²/τ² of the pooled models' hour
// histograms (see poolShapes); +Inf when their spread is no more than
// their evidence explains.
func poolStrength(pool []*Models) float64 {
	var q [24]float64
	var n, n2 float64
	for _, m := range pool {
		ni := 2 * m.Posted.Dated
		t := m.Posted.Total()
		for h, c := range m.Posted.Counts {
			q[h] += ni * c / t
		}
		n += ni
		n2 += ni * ni
	}
	sigma := 1.0
	for h := range q {
		q[h] /= n
		sigma -= q[h] * q[h]
	}
	spread := 0.0
	for _, m := range pool {
		ni, t := 2*m.Posted.Dated, m.Posted.Total()
		for h, c := range m.Posted.Counts {
			d := c/t - q[h]
			spread += ni * d * d
		}
	}
	tau := (spread - float64(len(pool)-1)*sigma) / (n - n2/n)
	if !(tau > 0) {
		return math.Inf(1)
	}
	return sigma / tau
}
