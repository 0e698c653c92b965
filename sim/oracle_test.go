package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
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
	const train = 7
	srcs := swappedRates(train, 3)
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

// TestRateOracleKnowsTheLevel swaps the sources' rates when the evaluation
// starts, as TestHybridLevelKnowsTheLevel does, and runs the square-root
// allocation (alloc) on learned rates and under the rate oracle: the
// oracle must give the sources that post 20 a day in the evaluated period
// more of its fetches there than the learned rates do, and so miss less.
func TestRateOracleKnowsTheLevel(t *testing.T) {
	const train = 7
	srcs := swappedRates(train, 3)
	share, delay := map[bool]float64{}, map[bool]float64{}
	for _, oracle := range []bool{false, true} {
		m, tracks, err := run(Config{Policy: "alloc", PerSource: 2, Train: train * 24 * time.Hour, Seed: 1, RateOracle: oracle}, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		from := srcs[0].Postings[0].Truncate(24 * time.Hour).Add(train * 24 * time.Hour).Unix()
		busy, all := 0, 0
		for i, tr := range tracks {
			for _, f := range tr.fetches {
				if f >= from {
					all++
					if i%2 == 1 {
						busy++
					}
				}
			}
		}
		share[oracle], delay[oracle] = float64(busy)/float64(all), m.PenalisedDelayMin
		t.Logf("rate oracle %v: the busy sources' share of the evaluated fetches %.3f, penalised delay %.1f min", oracle, share[oracle], delay[oracle])
	}
	if share[true] <= share[false] || share[true] <= 0.6 || delay[true] >= delay[false] {
		t.Fatalf("busy sources' shares %v, delays %v: want the oracle to give them more, over 0.6, and miss less", share, delay)
	}
}

// TestRateOracleRefusesUnscheduled checks that the rate oracle, which
// informs the policies that plan whole days, is refused for one that does
// not, naming its own reference.
func TestRateOracleRefusesUnscheduled(t *testing.T) {
	srcs := synthSources(3, 4, 10, 20)
	_, err := Run(Config{Policy: "accrued", PerSource: 1, Train: 24 * time.Hour, RateOracle: true}, srcs, nil)
	if err == nil || !strings.Contains(err.Error(), OracleShape) {
		t.Fatalf("accrued under the rate oracle: %v, want an error naming %s", err, OracleShape)
	}
}

// swappedRates is 40 sources posting on a flat day whose rates trade
// places after train days (20 a day and 1 a day), for eval days more:
// what a policy learned in training is wrong once the evaluation starts.
func swappedRates(train, eval int) []Source {
	r := rand.New(rand.NewPCG(5, 7))
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
			posts = append(posts, p.Add(time.Duration(train)*24*time.Hour))
		}
		srcs[i] = Source{ID: fmt.Sprintf("s%02d", i), Postings: posts}
	}
	return srcs
}
