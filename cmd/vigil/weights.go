package main

import (
	"fmt"
	"strconv"
	"strings"

	"vigil/change"
)

// ratingWeights is the --rating-weights flag: the weights of negligible,
// significant and important ratings when they are combined
// (change.Weights), as "1,3,9".
type ratingWeights struct{ w change.Weights }

// String returns the weights as the flag takes them.
func (r *ratingWeights) String() string {
	return fmt.Sprintf("%g,%g,%g", r.w.Negligible, r.w.Significant, r.w.Important)
}

// Set parses three positive numbers separated by commas.
func (r *ratingWeights) Set(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return fmt.Errorf("want three weights, negligible,significant,important (e.g. 1,3,9), got %q", s)
	}
	var w [3]float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !(v > 0) || v > 1e6 {
			return fmt.Errorf("weight %q is not a positive number", p)
		}
		w[i] = v
	}
	r.w = change.Weights{Negligible: w[0], Significant: w[1], Important: w[2]}
	return nil
}
