package estimate

import (
	"fmt"
	"math"
	"time"
)

// Shape is the class of a source's daily publication activity (Horincar et
// al. §5, Fig. 6).
type Shape string

// The shapes a source can have.
const (
	ShapeNone    Shape = "none"    // nothing published in the days observed
	ShapePeaks   Shape = "peaks"   // a few very busy hours, quiet otherwise (robots)
	ShapeUniform Shape = "uniform" // every hour near the mean (aggregators)
	ShapeWaves   Shape = "waves"   // activity rising and falling with the day (people)
)

// ShapeConfig holds the thresholds of the periodicity diagnostics. Zero
// fields take the defaults.
type ShapeConfig struct {
	// Low and High place the two thresholds as multiples of the mean hourly
	// count m: an hour whose mean count is below Low·m is quiet, above
	// High·m very busy, and average otherwise. Defaults 0.5 and 2.
	Low, High float64
	// MaxCV is the largest coefficient of variation counted as periodic;
	// default 1 (Horincar et al. §5).
	MaxCV float64
	// SampleStdDev divides by (days − 1) instead of days in σ_i; the paper
	// does not say which, and the default is the population form.
	SampleStdDev bool
}

// withDefaults fills zero fields and checks the result.
func (c ShapeConfig) withDefaults() (ShapeConfig, error) {
	if c.Low == 0 {
		c.Low = 0.5
	}
	if c.High == 0 {
		c.High = 2
	}
	if c.MaxCV == 0 {
		c.MaxCV = 1
	}
	if !(c.Low > 0 && c.Low <= 1 && c.High >= 1 && !math.IsInf(c.High, 1)) {
		return c, fmt.Errorf("estimate: shape thresholds need 0 < Low ≤ 1 ≤ High < ∞, got Low %v High %v", c.Low, c.High)
	}
	if !(c.MaxCV > 0) {
		return c, fmt.Errorf("estimate: periodicity threshold MaxCV must be positive, got %v", c.MaxCV)
	}
	return c, nil
}

// Diagnosis is what the periodicity diagnostics of Horincar et al. §5 found
// in a source's hourly counts.
type Diagnosis struct {
	Days     int
	Mean     [24]float64 // μ_i, mean count in hour i over the days
	StdDev   [24]float64 // σ_i
	CV       float64     // (1/24) Σ_{μ_i ≠ 0} σ_i / μ_i
	Periodic bool        // CV ≤ MaxCV and something was published
	Shape    Shape
	// Quiet, Average and Busy count the hours below, between and above the
	// two thresholds.
	Quiet, Average, Busy int
}

// DailyCounts returns the counts of the given times in each UTC hour of
// each of days consecutive 24-hour days starting at from. Day d covers
// [from + d·24h, from + (d+1)·24h); times outside every day are ignored.
func DailyCounts(times []time.Time, from time.Time, days int) ([][24]float64, error) {
	if days < 1 {
		return nil, fmt.Errorf("estimate: daily counts need at least one day, got %d", days)
	}
	counts := make([][24]float64, days)
	for _, t := range times {
		if t.Before(from) {
			continue
		}
		d := int(t.Sub(from) / (24 * time.Hour))
		if d < days {
			counts[d][t.UTC().Hour()]++
		}
	}
	return counts, nil
}

// Diagnose computes, for each hour slot i, the mean μ_i and standard
// deviation σ_i of the counts over the days observed, the coefficient of
// variation CV = (1/24) Σ_{μ_i ≠ 0} σ_i/μ_i, periodicity (CV ≤ MaxCV) and
// the shape (Horincar et al. §5). The paper names its shape heuristic but
// not its rule; this one is, with m the mean of the μ_i and the hours
// classed quiet, average or busy by the thresholds Low·m and High·m:
//
//   - peaks: at least one busy hour, and no more average hours than busy
//     ones: the activity sits in a few bursts and the rest is quiet;
//   - uniform: every hour average;
//   - waves: anything else, some hours quiet and some average or busy.
//
// It needs at least two days.
func Diagnose(counts [][24]float64, cfg ShapeConfig) (Diagnosis, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return Diagnosis{}, err
	}
	if len(counts) < 2 {
		return Diagnosis{}, fmt.Errorf("estimate: periodicity diagnostics need at least two days, got %d", len(counts))
	}
	d := Diagnosis{Days: len(counts)}
	if err := d.moments(counts, cfg.SampleStdDev); err != nil {
		return Diagnosis{}, err
	}
	d.Periodic = d.CV <= cfg.MaxCV && d.total() > 0
	d.classify(cfg.Low, cfg.High)
	return d, nil
}

// moments fills Mean, StdDev and CV.
func (d *Diagnosis) moments(counts [][24]float64, sample bool) error {
	n := float64(len(counts))
	for day, c := range counts {
		for i, v := range c {
			if !finiteNonNegative(v) {
				return fmt.Errorf("estimate: count of day %d hour %d must be a finite non-negative number, got %v", day, i, v)
			}
			d.Mean[i] += v / n
		}
	}
	div := n
	if sample {
		div = n - 1
	}
	for i := range d.Mean {
		ss := 0.0
		for _, c := range counts {
			ss += (c[i] - d.Mean[i]) * (c[i] - d.Mean[i])
		}
		d.StdDev[i] = math.Sqrt(ss / div)
		if d.Mean[i] != 0 {
			d.CV += d.StdDev[i] / d.Mean[i] / 24
		}
	}
	return nil
}

// total returns the sum of the hourly means, the mean daily count.
func (d *Diagnosis) total() float64 {
	sum := 0.0
	for _, m := range d.Mean {
		sum += m
	}
	return sum
}

// classify counts quiet, average and busy hours and sets the shape.
func (d *Diagnosis) classify(low, high float64) {
	m := d.total() / 24
	if m == 0 {
		d.Shape = ShapeNone
		return
	}
	for _, mu := range d.Mean {
		switch {
		case mu < low*m:
			d.Quiet++
		case mu > high*m:
			d.Busy++
		default:
			d.Average++
		}
	}
	switch {
	case d.Busy > 0 && d.Average <= d.Busy:
		d.Shape = ShapePeaks
	case d.Average == 24:
		d.Shape = ShapeUniform
	default:
		d.Shape = ShapeWaves
	}
}
