package profile

import "math"

// cohesion holds the running sums from which a channel's cohesion and its
// deviation follow exactly: after N items with marginal influences Δ_i,
// coh = ΣΔ/N, which is Eq. 3 and equals Eq. 8 applied batch after batch,
// and σ_coh² = (ΣΔ² − N·coh²)/(N − 1), which is Eq. 6 expanded.
type cohesion struct {
	n         int64
	sum, sum2 float64
}

func (s cohesion) mean() float64 {
	if s.n == 0 {
		return 0
	}
	return s.sum / float64(s.n)
}

func (s cohesion) sd() float64 {
	if s.n < 2 {
		return 0
	}
	m := s.mean()
	v := (s.sum2 - float64(s.n)*m*m) / float64(s.n-1)
	return math.Sqrt(max(0, v))
}

// threshold returns coh + β·σ_coh, the similarity at or above which Eq. 7
// disregards an item. With fewer than two items σ_coh is undefined and the
// filter has nothing to judge by, so it keeps every item (+Inf).
func (s cohesion) threshold(beta float64) float64 {
	if s.n < 2 {
		return math.Inf(1)
	}
	return s.mean() + beta*s.sd()
}
