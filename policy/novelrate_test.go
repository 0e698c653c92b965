package policy

import (
	"math"
	"testing"
	"time"

	"vigil"
)

// TestSetNovelRates gives the live content policy novel rates: a feed's
// interval follows its novel rate (Roitman et al.'s next probe at
// T + 1/λ under the own rule), a feed without a valid rate keeps the
// learned rate of all its items, and the stored model is left alone.
func TestSetNovelRates(t *testing.T) {
	last := t0.Add(-10 * time.Minute)
	cfg := DefaultConfig
	cfg.OwnRule = true
	cases := []struct {
		name string
		rate float64 // novel items per hour; NaN: none given
		want time.Duration
	}{
		{"two novel items an hour", 2, 30 * time.Minute},
		{"one every four hours", 0.25, 4 * time.Hour},
		{"below the learner's floor of one a day", 0.001, 24 * time.Hour},
		{"no rate given", math.NaN(), 0},
		{"a negative rate is ignored", -1, 0},
		{"an infinite rate is ignored", math.Inf(1), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := liveFeed(t, 1, 6, last)
			stored := string(f.Model)
			l, err := NewLive("content", cfg, 0.2, 48, 0)
			if err != nil {
				t.Fatal(err)
			}
			plain := l.Next(&f, t0)
			if !math.IsNaN(c.rate) {
				l.SetNovelRates(map[int64]float64{1: c.rate})
			}
			if _, err := l.Replan([]vigil.Feed{f}, nil, nil, t0); err != nil {
				t.Fatal(err)
			}
			got := l.Next(&f, t0)
			want := plain
			if c.want > 0 {
				want = last.Add(c.want)
			}
			if d := got.Sub(want); d < -time.Second || d > time.Second {
				t.Errorf("next fetch %v after the last, want %v", got.Sub(last), want.Sub(last))
			}
			if string(f.Model) != stored {
				t.Error("the novel rate was written into the stored model")
			}
		})
	}
}
