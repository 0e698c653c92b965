package plan

import (
	"container/heap"
	"fmt"
	"math"
	"math/rand/v2"
)

// Greedy returns the m channels of highest importance, most important
// first, ties to the lower index: the greedy multi-channel policy of
// Roitman et al. §6.1, which probes "the most M important channels at any
// moment". Importance is a channel's current monitoring rate there.
// Channels of zero importance are never chosen, so fewer than m may come
// back. Negative, NaN or infinite importance is an error.
func Greedy(importance []float64, m int) ([]int, error) {
	if err := checkImportance(importance, m); err != nil {
		return nil, err
	}
	return topKeys(len(importance), m, func(i int) float64 { return importance[i] },
		func(i int) bool { return importance[i] > 0 }), nil
}

// Fair samples m distinct channels with probability proportional to
// importance, drawing from rng: the fair policy of Roitman et al. §6.1.
// The draw is successive sampling without replacement (pick one channel
// with probability proportional to importance, remove it, repeat), done
// in one pass by keeping the m largest keys ln(U_i)/importance_i with U_i
// uniform on (0, 1] (Efraimidis & Spirakis' weighted reservoir sampling).
// Channels are returned in order of their keys, which is the order in
// which successive sampling would have drawn them. Channels of zero
// importance are never chosen.
func Fair(importance []float64, m int, rng *rand.Rand) ([]int, error) {
	if err := checkImportance(importance, m); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, fmt.Errorf("plan: fair selection needs a random source")
	}
	keys := make([]float64, len(importance))
	for i, w := range importance {
		keys[i] = math.Log(1-rng.Float64()) / w // −Inf when w = 0
	}
	return topKeys(len(importance), m, func(i int) float64 { return keys[i] },
		func(i int) bool { return importance[i] > 0 }), nil
}

// checkImportance validates the inputs of a selection.
func checkImportance(importance []float64, m int) error {
	if m < 0 {
		return fmt.Errorf("plan: %d parallel probes, want ≥ 0", m)
	}
	for i, w := range importance {
		if w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("plan: importance[%d] = %v, want a finite value ≥ 0", i, w)
		}
	}
	return nil
}

// topKeys returns up to m of the indices in [0, n) accepted by ok with
// the largest keys, largest first, ties to the lower index, in O(n log m).
func topKeys(n, m int, key func(int) float64, ok func(int) bool) []int {
	h := &keyHeap{key: key}
	for i := range n {
		if m == 0 || !ok(i) {
			continue
		}
		if len(h.idx) < m {
			heap.Push(h, i)
		} else if h.before(i, h.idx[0]) {
			h.idx[0] = i
			heap.Fix(h, 0)
		}
	}
	out := make([]int, len(h.idx))
	for j := len(out) - 1; j >= 0; j-- {
		out[j] = heap.Pop(h).(int)
	}
	return out
}

// keyHeap is a min-heap of indices under before, so its root is the
// weakest of the kept indices.
type keyHeap struct {
	idx []int
	key func(int) float64
}

// before reports whether index i ranks ahead of j: larger key, then lower
// index.
func (h *keyHeap) before(i, j int) bool {
	ki, kj := h.key(i), h.key(j)
	if ki != kj {
		return ki > kj
	}
	return i < j
}

func (h *keyHeap) Len() int           { return len(h.idx) }
func (h *keyHeap) Less(x, y int) bool { return h.before(h.idx[y], h.idx[x]) }
func (h *keyHeap) Swap(x, y int)      { h.idx[x], h.idx[y] = h.idx[y], h.idx[x] }
func (h *keyHeap) Push(x any)         { h.idx = append(h.idx, x.(int)) }
func (h *keyHeap) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}
