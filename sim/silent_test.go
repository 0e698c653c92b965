package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"vigil/policy"
)

// TestSilentFeedStartsPosting has one feed of thirty post nothing for
// twelve days, then 60 items a day for two days and 2 a day after (a new
// channel's first burst): with the silent bound accrued fetches it at
// most four even shares apart while it is silent, so it must lose fewer of
// the burst's postings, and have a lower penalised delay over all feeds,
// than waiting the week its zero rate gives; so must the default tracking,
// which adds the level prior.
func TestSilentFeedStartsPosting(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	var flat synthShape
	for h := range flat {
		flat[h] = 1
	}
	const days = 24
	srcs := make([]Source, 30)
	for i := 1; i < len(srcs); i++ {
		srcs[i] = Source{ID: fmt.Sprintf("s%02d", i), Postings: poisson(r, 2, flat, days)}
	}
	var born []time.Time
	for _, p := range poisson(r, 60, flat, 2) {
		born = append(born, p.Add(12*24*time.Hour))
	}
	for _, p := range poisson(r, 2, flat, days-14) {
		born = append(born, p.Add(14*24*time.Hour))
	}
	srcs[0] = Source{ID: "s00", Postings: born}
	run := func(name string, tr policy.Tracking) Metrics {
		cfg := Config{Policy: "accrued", PerSource: 1, Train: 7 * 24 * time.Hour, Seed: 1}
		cfg.PolicyConfig.Tracking = tr
		m, err := Run(cfg, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-8s penalised delay %.1f min, lost %d, spent %.3f", name, m.PenalisedDelayMin, m.Lost, m.Spent)
		return m
	}
	// The level prior alone also keeps a silent feed from waiting a week
	// (its level is the population's, discounted by its evidence), so the
	// bound is compared with the prior off on both sides, and the default
	// (both on) against neither.
	alone := policy.DefaultTracking
	alone.LevelPrior = 0
	bounded := run("bound", alone)
	week := alone
	week.SilentShares = 0
	unbounded := run("a week", week)
	if bounded.Lost >= unbounded.Lost || bounded.PenalisedDelayMin >= unbounded.PenalisedDelayMin {
		t.Fatalf("bounded: lost %d, %.1f min; a week: lost %d, %.1f min: want the bound ahead on both",
			bounded.Lost, bounded.PenalisedDelayMin, unbounded.Lost, unbounded.PenalisedDelayMin)
	}
	if def := run("default", policy.Tracking{}); def.Lost >= unbounded.Lost || def.PenalisedDelayMin >= unbounded.PenalisedDelayMin {
		t.Fatalf("default: lost %d, %.1f min; a week without the prior: lost %d, %.1f min: want the default ahead on both",
			def.Lost, def.PenalisedDelayMin, unbounded.Lost, unbounded.PenalisedDelayMin)
	}
}
