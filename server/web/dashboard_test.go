package web

import (
	"testing"
	"time"

	"vigil"
)

// TestDelayOf checks the per-feed delay estimate, T/(2m) for m fetches in
// the last day (Sia & Cho, Theorem 1), and that a feed without models or
// fetches has none.
func TestDelayOf(t *testing.T) {
	model := []byte(`x`)
	tests := []struct {
		name    string
		model   []byte
		fetches int
		want    time.Duration
		none    bool
	}{
		{"no models", nil, 4, 0, true},
		{"no fetch", model, 0, 0, true},
		{"four fetches a day", model, 4, 3 * time.Hour, false},
		{"24 fetches a day", model, 24, 30 * time.Minute, false},
	}
	for _, tt := range tests {
		df := delayOf(vigil.Feed{Model: tt.model}, tt.fetches, discard{})
		if df.NoEstimate != tt.none || df.MeanDelay != tt.want {
			t.Errorf("%s: delay %v (none %v), want %v (none %v)", tt.name, df.MeanDelay, df.NoEstimate, tt.want, tt.none)
		}
	}
}

// discard is a logger that drops warnings.
type discard struct{}

func (discard) Warn(string, ...any) {}
