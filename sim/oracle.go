package sim

import (
	"math"
	"slices"
	"time"

	"vigil/policy"
)

// The information-limited oracles are references between the policies and
// the clairvoyant bound: they know more of each source than any model can
// learn, but not the posting times, and schedule by the accrued rule
// (policy.NewOracle) under the same window, budget and token bucket as
// every policy.
const (
	// OracleHourly knows each source's true intensity in every hour of the
	// run: its postings counted per UTC calendar hour.
	OracleHourly = "oracle-hourly"
	// OracleShape knows each source's true mean rate and daily shape over
	// the evaluated period: its postings counted per UTC hour of the day,
	// divided by the days evaluated.
	OracleShape = "oracle-shape"
)

// Oracles lists the oracles' names.
func Oracles() []string { return []string{OracleHourly, OracleShape} }

// isOracle tells whether name is an oracle.
func isOracle(name string) bool { return slices.Contains(Oracles(), name) }

// newOracle builds the named oracle from the tracks' postings.
func newOracle(cfg resolved, tracks []track) (policy.Policy, error) {
	if cfg.Policy == OracleHourly {
		return hourlyOracle(cfg, tracks)
	}
	return shapeOracle(cfg, tracks)
}

// hourlyOracle counts every source's postings per calendar hour of the run.
func hourlyOracle(cfg resolved, tracks []track) (policy.Policy, error) {
	start := cfg.Start.Unix()
	hours := int((cfg.End.Unix() - start + 3599) / 3600)
	counts := make([][]float32, len(tracks))
	roots := make([]float64, len(tracks))
	days := float64(hours) / 24
	for i := range tracks {
		c := make([]float32, hours)
		for _, t := range tracks[i].posts {
			if h := (t - start) / 3600; t >= start && h < int64(hours) {
				c[h]++
			}
		}
		for _, x := range c {
			roots[i] += math.Sqrt(float64(x))
		}
		roots[i] /= days
		counts[i] = c
	}
	rate := func(id int64, t time.Time) float64 {
		h := (t.Unix() - start) / 3600
		if h < 0 || h >= int64(hours) {
			return 0
		}
		return float64(counts[id-1][h])
	}
	return policy.NewOracle(OracleHourly, cfg.PolicyConfig, rate, func(id int64) float64 { return roots[id-1] })
}

// shapeOracle counts every source's evaluated postings per UTC hour of the
// day, per day evaluated: its mean rate times its daily shape.
func shapeOracle(cfg resolved, tracks []track) (policy.Policy, error) {
	shapes := trueShapes(cfg, tracks)
	roots := make([]float64, len(tracks))
	for i := range shapes {
		for _, r := range shapes[i] {
			roots[i] += math.Sqrt(r)
		}
	}
	rate := func(id int64, t time.Time) float64 { return shapes[id-1][t.UTC().Hour()] }
	return policy.NewOracle(OracleShape, cfg.PolicyConfig, rate, func(id int64) float64 { return roots[id-1] })
}

// The hybrid diagnostics split the gap between accrued and oracle-shape
// in two: each knows one half of what oracle-shape knows, over the same
// evaluated period, and estimates the other half as accrued does
// (tracking's level and dated shape). References, like the oracles.
const (
	// HybridLevel knows each source's true mean rate and keeps accrued's
	// estimated daily shape.
	HybridLevel = "hybrid-level"
	// HybridShape knows each source's true daily shape and keeps accrued's
	// estimated level.
	HybridShape = "hybrid-shape"
)

// Hybrids lists the hybrid diagnostics' names.
func Hybrids() []string { return []string{HybridLevel, HybridShape} }

// newHybrid builds the named hybrid diagnostic: accrued's estimated 24
// hourly rates e_h rescaled to the true mean rate (HybridLevel), or the true
// hourly rates t_h rescaled to the estimated mean (HybridShape).
func newHybrid(cfg resolved, tracks []track) (policy.Policy, error) {
	shapes := trueShapes(cfg, tracks)
	level := cfg.Policy == HybridLevel
	adjust := func(id int64, est []float64) {
		truth := shapes[id-1][:]
		e, t := mean(est), mean(truth)
		switch {
		case level && e > 0:
			scale(est, t/e)
		case level:
			for i := range est {
				est[i] = t
			}
		case t > 0:
			copy(est, truth)
			scale(est, e/t)
		}
	}
	return policy.NewInformed(cfg.Policy, cfg.PolicyConfig, adjust)
}

// trueShapes returns every source's evaluated postings per UTC hour of the
// day, per day evaluated: its true mean rate times its daily shape.
func trueShapes(cfg resolved, tracks []track) [][24]float64 {
	from, to := cfg.evalStart.Unix(), cfg.End.Unix()
	days := float64(to-from) / 86400
	shapes := make([][24]float64, len(tracks))
	for i := range tracks {
		for _, t := range tracks[i].posts {
			if t >= from && t < to {
				shapes[i][(t%86400)/3600] += 1 / days
			}
		}
	}
	return shapes
}

// mean returns the mean of x.
func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// scale multiplies every x_i by f.
func scale(x []float64, f float64) {
	for i := range x {
		x[i] *= f
	}
}

// planned is the sources as the policy plans them: themselves, or under
// Config.RateOracle copies whose models hold the true mean rate and daily
// shape (trueShapes) in place of the learned ones.
func (e *engine) planned() []*policy.Source {
	if e.truth == nil {
		return e.srcs
	}
	out := make([]*policy.Source, len(e.srcs))
	for i, s := range e.srcs {
		m := *s.Models
		ewma, daily := *m.EWMA, *m.Daily
		truth := e.truth[i]
		ewma.Rate = mean(truth[:])
		daily.Rates = append([]float64(nil), truth[:]...)
		m.EWMA, m.Daily = &ewma, &daily
		c := *s
		c.Models = &m
		out[i] = &c
	}
	return out
}
