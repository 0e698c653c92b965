package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestOraclesKnowMore runs the accrued rule on learned models and on the
// oracles' true intensities: knowing the hourly intensity must not do
// worse than learning it, and the clairvoyant bound, knowing every
// posting, no worse than either.
func TestOraclesKnowMore(t *testing.T) {
	srcs := synthSources(11, 60, 30, 40)
	delay := map[string]float64{}
	for _, name := range []string{"accrued", OracleShape, OracleHourly, Clairvoyant} {
		m, err := Run(Config{Policy: name, PerSource: 2, Train: 7 * 24 * time.Hour, DefaultWindow: 1 << 30, Seed: 1}, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if name != Clairvoyant && m.Underspent {
			t.Errorf("%s spent %.3f of its budget", name, m.Spent)
		}
		delay[name] = m.PenalisedDelayMin
		t.Logf("%-13s penalised delay %.1f min, spent %.3f", name, m.PenalisedDelayMin, m.Spent)
	}
	if delay[OracleHourly] > delay["accrued"] || delay[Clairvoyant] > delay[OracleHourly] {
		t.Fatalf("penalised delays %v: want clairvoyant ≤ oracle-hourly ≤ accrued", delay)
	}
}

// TestHybridLevelKnowsTheLevel swaps the sources' rates when the
// evaluation starts (20 a day and 1 a day trade places): accrued plans by
// the training's rates until it has seen the change, hybrid-level by the
// evaluated period's true rates, so it must be ahead with no more fetches.
func TestHybridLevelKnowsTheLevel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	const train, eval = 7, 3
	var flat synthShape
	for h := range flat {
		flat[h] = 1
	}
	srcs := make([]Source, 40)
	for i := range srcs {
		before, after := 20.0, 1.0
		if i%2 == 1 {
			before, after = after, before
		}
		posts := poisson(r, before, flat, train)
		for _, p := range poisson(r, after, flat, eval) {
			posts = append(posts, p.Add(train*24*time.Hour))
		}
		srcs[i] = Source{ID: fmt.Sprintf("s%02d", i), Postings: posts}
	}
	delay, spent := map[string]float64{}, map[string]float64{}
	for _, name := range []string{"accrued", HybridLevel, HybridShape} {
		m, err := Run(Config{Policy: name, PerSource: 2, Train: train * 24 * time.Hour, Seed: 1}, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		delay[name], spent[name] = m.PenalisedDelayMin, m.Spent
		t.Logf("%-12s penalised delay %.1f min, lost %d, spent %.3f", name, m.PenalisedDelayMin, m.Lost, m.Spent)
	}
	if delay[HybridLevel] >= delay["accrued"] || spent[HybridLevel] > spent["accrued"] {
		t.Fatalf("penalised delays %v, spent %v: want hybrid-level ahead of accrued on no more fetches", delay, spent)
	}
}
