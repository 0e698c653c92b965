package server

import (
	"fmt"
	"testing"

	"vigil/change"
	"vigil/updates"
)

// TestRatingWeightsConfigurable rates one change important (ann) and
// negligible (bob): with the default weights 1, 3, 9 they combine to
// important ((9·3 + 1·1) / 10 = 2.8), with equal weights to significant
// ((3 + 1) / 2 = 2). Before Config.Updates the server always used the
// defaults.
func TestRatingWeightsConfigurable(t *testing.T) {
	tests := []struct {
		name    string
		weights change.Weights
		want    string
	}{
		{"default", change.Weights{}, "important"},
		{"equal", change.Weights{Negligible: 1, Significant: 1, Important: 1}, "significant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, Config{Updates: updates.Config{Weights: tt.weights}})
			ann, bob := e.user("ann"), e.user("bob")
			_, id := pageWithChange(t, e, ann, bob)
			mustCall(t, e, "POST", fmt.Sprintf("/api/changes/%d/rating", id), ann.token, map[string]any{"rating": "important"})
			mustCall(t, e, "POST", fmt.Sprintf("/api/changes/%d/rating", id), bob.token, map[string]any{"rating": "negligible"})
			got := decode[changeJSON](t, mustCall(t, e, "GET", fmt.Sprintf("/api/changes/%d", id), ann.token, nil))
			if got.Community.Severity != tt.want || got.Community.Ratings != 2 {
				t.Errorf("community = %+v, want %s from 2 ratings", got.Community, tt.want)
			}
		})
	}
}
