package plan

import (
	"fmt"
	"slices"
)

// UniformSlots returns m fetch boundaries spread evenly over a period of n
// slots, the first at offset: offset + round(j·n/m) mod n for j < m, in
// ascending order. It is the "uniform spacing" baseline of Sia & Cho §4.4
// (their policies 1 and 3); offset lets sources be staggered.
func UniformSlots(n, m, offset int) ([]int, error) {
	if n < 1 || m < 1 || m > n {
		return nil, fmt.Errorf("plan: %d evenly spaced fetches on %d slots, want 1 ≤ fetches ≤ slots", m, n)
	}
	offset = (offset%n + n) % n
	slots := make([]int, m)
	for j := range slots {
		slots[j] = (offset + (2*j*n+m)/(2*m)) % n
	}
	slices.Sort(slots)
	return slots, nil
}

// UniformCounts splits a budget of fetches evenly over k sources, the
// first budget mod k sources getting one more: the "uniform count"
// baseline of Sia & Cho §4.4 (their policies 1 and 2).
func UniformCounts(k, budget int) ([]int, error) {
	if k < 1 || budget < 0 {
		return nil, fmt.Errorf("plan: %d fetches over %d sources, want a budget ≥ 0 and at least one source", budget, k)
	}
	counts := make([]int, k)
	for i := range counts {
		counts[i] = budget / k
		if i < budget%k {
			counts[i]++
		}
	}
	return counts, nil
}
