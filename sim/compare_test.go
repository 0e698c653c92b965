package sim

import (
	"fmt"
	"testing"
	"time"
)

// TestCombinedBeatsUniform compares Sia & Cho's combined policy (square-root
// allocation, optimal placement) with uniform polling on sources with
// power-law rates and mostly peaked daily shapes, trained for 14 days and
// evaluated on the next 14, at 1 and 4 fetches per source per day. The
// trace starts a day before the run so that first fetches see a window.
// Plans are made every 12 hours rather than hourly to keep the test short.
func TestCombinedBeatsUniform(t *testing.T) {
	t.Parallel()
	srcs := synthSources(29, 200, 29, 100)
	for _, b := range []float64{1, 4} {
		t.Run(fmt.Sprintf("B=%v", b), func(t *testing.T) {
			t.Parallel() // Run only reads srcs, as report's parallel sweeps rely on
			got := map[string]Metrics{}
			for _, name := range []string{"uniform", "combined", Clairvoyant} {
				cfg := Config{Policy: name, PerSource: b, Start: t0.Add(24 * time.Hour), End: t0.Add(29 * 24 * time.Hour), PlanEvery: 12 * time.Hour, Seed: 1}
				m, err := Run(cfg, srcs, nil)
				if err != nil {
					t.Fatal(err)
				}
				got[name] = m
				t.Logf("B=%v %-11s mean %7.1f p95 %7.1f max %7.1f min, lost %d, completeness %.3f, fetches %d, freshness %.3f, div rms ewma %.2f periodic %.2f",
					b, name, m.MeanDelayMin, m.P95DelayMin, m.MaxDelayMin, m.Lost, m.Completeness, m.Fetches, m.Freshness, m.DivergenceEWMA, m.DivergencePeriodic)
			}
			u, c := got["uniform"], got["combined"]
			t.Logf("B=%v combined/uniform mean delay %.3f, clairvoyant/uniform %.3f", b, c.MeanDelayMin/u.MeanDelayMin, got[Clairvoyant].MeanDelayMin/u.MeanDelayMin)
			if c.MeanDelayMin >= u.MeanDelayMin {
				t.Errorf("B=%v: combined mean delay %.1f min is not below uniform's %.1f", b, c.MeanDelayMin, u.MeanDelayMin)
			}
		})
	}
}
