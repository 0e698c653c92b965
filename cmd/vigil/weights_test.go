package main

import (
	"testing"

	"vigil/change"
)

func TestRatingWeightsFlag(t *testing.T) {
	tests := []struct {
		in   string
		want change.Weights
		ok   bool
	}{
		{"1,3,9", change.Weights{Negligible: 1, Significant: 3, Important: 9}, true},
		{" 1, 1 ,1", change.Weights{Negligible: 1, Significant: 1, Important: 1}, true},
		{"1,3", change.Weights{}, false},
		{"1,0,9", change.Weights{}, false},
		{"1,-3,9", change.Weights{}, false},
		{"1,NaN,9", change.Weights{}, false},
		{"a,b,c", change.Weights{}, false},
	}
	for _, tt := range tests {
		var r ratingWeights
		err := r.Set(tt.in)
		if (err == nil) != tt.ok || (tt.ok && r.w != tt.want) {
			t.Errorf("Set(%q) = %+v, %v; want %+v, ok %v", tt.in, r.w, err, tt.want, tt.ok)
		}
	}
}
