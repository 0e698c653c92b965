package sim

import (
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
