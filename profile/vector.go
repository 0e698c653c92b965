package profile

import (
	"math"
	"slices"
)

// Vector is a sparse term-weight vector: interned term IDs of one Corpus,
// sorted, with their non-negative weights. The zero value is the empty
// vector. Vectors are values; no method changes one.
type Vector struct {
	ids []uint32
	ws  []float64
}

// Len returns the number of terms with a weight.
func (v Vector) Len() int { return len(v.ids) }

// Norm returns the vector's Euclidean length.
func (v Vector) Norm() float64 {
	var s float64
	for _, w := range v.ws {
		s += w * w
	}
	return math.Sqrt(s)
}

// Normalized returns v scaled to unit length, or v itself when it is empty.
func (v Vector) Normalized() Vector {
	n := v.Norm()
	if n == 0 {
		return v
	}
	ws := make([]float64, len(v.ws))
	for i, w := range v.ws {
		ws[i] = w / n
	}
	return Vector{ids: v.ids, ws: ws}
}

// Weight returns the weight of term id, 0 when the vector lacks it.
func (v Vector) Weight(id uint32) float64 {
	if i, ok := slices.BinarySearch(v.ids, id); ok {
		return v.ws[i]
	}
	return 0
}

// Cosine returns the cosine similarity of a and b (Roitman et al. Eq. 1),
// in [0, 1]; it is 0 when either vector is empty or of zero length.
func Cosine(a, b Vector) float64 {
	na, nb := a.Norm(), b.Norm()
	if na == 0 || nb == 0 {
		return 0
	}
	return clamp01(dot(a, b) / (na * nb))
}

// QueryVector returns the tf-idf vector of a query: each term weighs its
// count in terms times its current idf in c. Terms the corpus never
// counted weigh 0 and are left out, as are terms with idf 0.
func QueryVector(c *Corpus, terms []string) Vector {
	tf := make(map[uint32]float64, len(terms))
	for _, t := range terms {
		if id, ok := c.find(t); ok {
			tf[id]++
		}
	}
	return vectorOf(tf, c.idf)
}

// vectorOf returns the vector with weight tf(t)·idf(t) for each t in tf,
// leaving out zero weights.
func vectorOf(tf map[uint32]float64, idf func(uint32) float64) Vector {
	ids := make([]uint32, 0, len(tf))
	for id := range tf {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	v := Vector{ids: ids[:0], ws: make([]float64, 0, len(ids))}
	for _, id := range ids {
		if w := tf[id] * idf(id); w > 0 {
			v.ids = append(v.ids, id)
			v.ws = append(v.ws, w)
		}
	}
	return v
}

// dot returns the inner product of two sorted sparse vectors.
func dot(a, b Vector) float64 {
	return dotSparse(a.ids, a.ws, b.ids, b.ws)
}

func dotSparse(aIDs []uint32, aWs []float64, bIDs []uint32, bWs []float64) float64 {
	var s float64
	for i, j := 0, 0; i < len(aIDs) && j < len(bIDs); {
		switch {
		case aIDs[i] < bIDs[j]:
			i++
		case aIDs[i] > bIDs[j]:
			j++
		default:
			s += aWs[i] * bWs[j]
			i++
			j++
		}
	}
	return s
}

func clamp01(x float64) float64 {
	return max(0, min(1, x))
}
