package profile

import (
	"cmp"
	"slices"
)

const (
	// DefaultProbeTerms is how many of a channel's heaviest terms
	// Similarity probes for candidates by default.
	DefaultProbeTerms = 16
	// DefaultMaxPostings is the longest postings list Similarity probes by
	// default.
	DefaultMaxPostings = 2000
)

// Similarity is the inter-channel similarity matrix S of Roitman et al.
// Eq. 9, kept sparse and learned by sampling, and the rate refinement of
// Eq. 10 built on it.
//
// Eq. 9 averages sim(P(C_i), P(C_j)) over time. Each call of Sample is one
// time sample: every channel in the index is compared with its k most
// similar others, and for every pair met the cosine of their indexed
// vectors is added to the pair's sum; a pair not met in a sample adds 0.
// The rule is
//
//	S_ij = (sum of sampled sims of i and j) / (samples taken since the later of i and j was first indexed)
//
// counting samples by calls of Sample, and a channel as indexed from the
// first sample that saw it. A channel removed from the index keeps its
// sums and keeps counting samples (as 0s) until Forget. A pair once met is
// kept, its average fading as samples pass without it.
//
// Candidates come from the inverted index: the postings of each channel's
// ProbeTerms heaviest terms, skipping any term held by more than
// MaxPostings channels. That bounds a sample's cost by channels ×
// ProbeTerms × MaxPostings. It can miss neighbours that share only lighter
// terms or only very common ones; such terms have low idf or little
// weight, so those pairs are mostly weak. The 4k candidates best on the
// probe terms are then scored by their full indexed vectors.
//
// The zero value uses the defaults and is ready to use.
type Similarity struct {
	// ProbeTerms is how many of a channel's heaviest terms find its
	// candidates (0 means DefaultProbeTerms).
	ProbeTerms int
	// MaxPostings skips probe terms held by more channels than this (0
	// means DefaultMaxPostings).
	MaxPostings int

	samples int64
	first   map[int64]int64             // sample from which a channel counts
	sums    map[int64]map[int64]float64 // symmetric: sums[i][j] == sums[j][i]
}

// neighbour is one channel's sampled neighbour, by slot.
type neighbour struct {
	slot uint32
	sim  float64
}

// Samples returns how many samples have been taken.
func (s *Similarity) Samples() int64 { return s.samples }

// Sample takes one time sample of the similarities between the channels
// in idx, each with its k most similar others. A k below 1 does nothing.
func (s *Similarity) Sample(idx *Index, k int) {
	if k < 1 {
		return
	}
	if s.first == nil {
		s.first = make(map[int64]int64)
		s.sums = make(map[int64]map[int64]float64)
	}
	a := idx.accumulator()
	defer idx.pool.Put(a)
	near := make([][]neighbour, len(idx.docs))
	for slot, d := range idx.docs {
		if d.used {
			near[slot] = s.nearest(idx, uint32(slot), k, a)
			if _, ok := s.first[d.id]; !ok {
				s.first[d.id] = s.samples
			}
		}
	}
	for si, list := range near {
		for _, n := range list {
			// Add each pair once: from its lower slot, or from the higher
			// one when the lower did not find it.
			if uint32(si) < n.slot || !slices.ContainsFunc(near[n.slot], func(m neighbour) bool { return m.slot == uint32(si) }) {
				s.add(idx.docs[si].id, idx.docs[n.slot].id, n.sim)
			}
		}
	}
	s.samples++
}

// nearest returns the k channels most similar to the one in slot si.
func (s *Similarity) nearest(idx *Index, si uint32, k int, a *accumulator) []neighbour {
	d := &idx.docs[si]
	best := ranking{n: k}
	a.probe.load(d.ids, d.ws)
	for _, c := range s.candidates(idx, si, 4*k, a) {
		o := &idx.docs[c.ID]
		sim := clamp01(a.probe.dot(o.ids, o.ws) / (d.ratio * o.ratio))
		best.offer(Hit{ID: c.ID, Score: sim})
	}
	a.probe.clear(d.ids)
	out := make([]neighbour, len(best.hits))
	for i, h := range best.hits {
		out[i] = neighbour{slot: uint32(h.ID), sim: h.Score}
	}
	return out
}

// candidates returns, as hits by slot, the n channels that score best
// against slot si on its probe terms.
func (s *Similarity) candidates(idx *Index, si uint32, n int, a *accumulator) []Hit {
	d := &idx.docs[si]
	maxPostings := cmp.Or(s.MaxPostings, DefaultMaxPostings)
	probe := d.byWeight[:min(len(d.byWeight), cmp.Or(s.ProbeTerms, DefaultProbeTerms))]
	for _, i := range probe {
		l := idx.lists[d.ids[i]]
		if l.live() > maxPostings {
			continue
		}
		for _, p := range l.p {
			if p.slot != si && idx.valid(p) {
				a.add(p.slot, d.ws[i]*p.w)
			}
		}
	}
	a.rank.reset(n)
	for _, sj := range a.touched {
		a.rank.offer(Hit{ID: int64(sj), Score: a.score[sj]})
	}
	a.clear()
	return a.rank.hits
}

// add adds one sampled similarity of i and j to their sums.
func (s *Similarity) add(i, j int64, sim float64) {
	for _, p := range [2][2]int64{{i, j}, {j, i}} {
		row := s.sums[p[0]]
		if row == nil {
			row = make(map[int64]float64)
			s.sums[p[0]] = row
		}
		row[p[1]] += sim
	}
}

// Value returns S_ij, the time-averaged similarity of channels i and j; 1
// when i == j and 0 for a pair never sampled together.
func (s *Similarity) Value(i, j int64) float64 {
	if i == j {
		return 1
	}
	sum, ok := s.sums[i][j]
	if !ok {
		return 0
	}
	return sum / s.count(i, j)
}

// count returns the number of samples that include both i and j.
func (s *Similarity) count(i, j int64) float64 {
	return float64(s.samples - max(s.first[i], s.first[j]))
}

// Forget drops channel id and its similarities, as for a channel deleted
// for good; if it is indexed again it counts as new.
func (s *Similarity) Forget(id int64) {
	for j := range s.sums[id] {
		delete(s.sums[j], id)
		if len(s.sums[j]) == 0 {
			delete(s.sums, j)
		}
	}
	delete(s.sums, id)
	delete(s.first, id)
}

// row returns the channels sampled with i, in ID order so that sums over
// them do not depend on map order.
func (s *Similarity) row(i int64) []int64 {
	js := make([]int64, 0, len(s.sums[i]))
	for j := range s.sums[i] {
		js = append(js, j)
	}
	slices.Sort(js)
	return js
}

// Neighbours returns the n channels most similar to id by S, best first,
// equal values by ID ("channels like this").
func (s *Similarity) Neighbours(id int64, n int) []Hit {
	r := ranking{n: n}
	for j := range s.sums[id] {
		r.offer(Hit{ID: j, Score: s.Value(id, j)})
	}
	return r.sorted()
}

// Refine returns the rates refined by Eq. 10, λ' = S_norm·λ, for every
// channel in rates. Row i of S holds S_ii = 1 and S_ij for the sampled
// neighbours j that have a rate; it is normalised to sum to 1 (Eq. 10's
// S_norm), so λ'_i = (λ_i + Σ_j S_ij·λ_j) / (1 + Σ_j S_ij). A channel with
// no such neighbour keeps its own rate, as Roitman et al. §6.2 remark.
// Channels without a rate take no part.
func (s *Similarity) Refine(rates map[int64]float64) map[int64]float64 {
	out := make(map[int64]float64, len(rates))
	for i, ri := range rates {
		num, den := ri, 1.0
		for _, j := range s.row(i) {
			if rj, ok := rates[j]; ok {
				sij := s.Value(i, j)
				num += sij * rj
				den += sij
			}
		}
		out[i] = num / den
	}
	return out
}
