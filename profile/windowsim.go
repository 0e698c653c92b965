package profile

import "math"

// WindowSimilarity computes sim(P(W_a), P(W_b)), the cosine (Roitman et al.
// Eq. 1) between the tf-idf profiles of two windows of items given as Docs
// of one corpus, both weighted by that corpus's current idf. The simulator
// measures profile quality (Eq. 4) with it: the window of the postings a
// policy captured against the window of every posting. It keeps scratch
// space between calls, so it is not safe for concurrent use; the zero
// value is ready.
type WindowSimilarity struct {
	ta, tb  []float64
	touched []uint32
}

// Cosine returns the similarity of the windows a and b; 0 when either
// profile is empty (all its weights zero).
func (w *WindowSimilarity) Cosine(c *Corpus, a, b []Doc) float64 {
	if n := c.Len(); len(w.ta) < n {
		n = max(n, 2*len(w.ta)) // grow geometrically: the corpus grows between calls
		w.ta, w.tb = make([]float64, n), make([]float64, n)
	}
	w.touched = w.touched[:0]
	w.count(a, w.ta, w.tb)
	w.count(b, w.tb, w.ta)
	var dot, na, nb float64
	for _, id := range w.touched {
		f := c.idf(id)
		wa, wb := w.ta[id]*f, w.tb[id]*f
		dot, na, nb = dot+wa*wb, na+wa*wa, nb+wb*wb
		w.ta[id], w.tb[id] = 0, 0
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// count adds the term counts of docs into tf, noting each term the first
// time either window meets it (both counts zero until then).
func (w *WindowSimilarity) count(docs []Doc, tf, other []float64) {
	for _, d := range docs {
		for _, tc := range d {
			if tf[tc.ID] == 0 && other[tc.ID] == 0 {
				w.touched = append(w.touched, tc.ID)
			}
			tf[tc.ID] += float64(tc.Count)
		}
	}
}
