package sim

import (
	"fmt"
	"testing"
	"time"
)

// TestMeasuredFetchesKeepToTheBudget runs every policy on sources that
// are quiet while the models train and busy afterwards, so that a rule
// which fetches by what it has seen saves up its budget while training.
// What it saved is not spent in the measured period: every policy's
// measured fetches stay within that period's budget, one fetch over at
// most. Before, miniflux spent the day it had saved on top.
func TestMeasuredFetchesKeepToTheBudget(t *testing.T) {
	const n, train, days = 20, 7, 21
	srcs := make([]Source, n)
	for i := range srcs {
		posts := []time.Time{t0.Add(time.Duration(i) * time.Minute)}
		for h := train * 24; h < days*24; h++ {
			posts = append(posts, t0.Add(time.Duration(h)*time.Hour+time.Duration(7*i+5)*time.Minute))
		}
		srcs[i] = Source{ID: fmt.Sprintf("s%02d", i), Postings: posts}
	}
	srcs = withTerms(srcs, 11) // for the content policies
	for _, name := range policyNames() {
		for _, perSource := range []float64{1, 4} {
			cfg := Config{Policy: name, PerSource: perSource, Train: train * 24 * time.Hour, PlanEvery: 6 * time.Hour, NoQuality: true, Seed: 3}
			m, _, err := run(cfg, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			allowed := float64(m.Fetches) / m.Spent // the measured period's budget
			if m.Fetches == 0 || float64(m.Fetches) > allowed+1 {
				t.Errorf("%s at %v a source: %d fetches measured, the budget allows %.0f", name, perSource, m.Fetches, allowed)
			}
		}
	}
}
