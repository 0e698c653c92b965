package policy

// accruedSums is what accrued's Plan reads of each source, in the sources'
// order: a few numbers a source, so that a re-plan can calibrate θ
// without holding the sources themselves (replanning). Each number is
// computed as Plan computed it from the source, so a plan from the sums is
// the plan from the sources.
type accruedSums struct {
	// sums is each source's S_i before its level is shrunk (accrued.raw);
	// shrunkSums gives the S_i the plan uses.
	sums []float64
	// level, exposure and weight are its level (mean rate, items per
	// hour), the exposure it is worth (exposureOrNone) and its weight,
	// which the level prior reads (levelPrior.root); single precision, a
	// re-plan keeps them for every feed.
	level, exposure, weight []float32
	// base, lo and hi are its bounds in fetches a day (Config.baseBounds
	// and Config.bounds), before the silent feeds' floor, which needs the
	// count of sources (accrued.silentGapIf).
	base, lo, hi []float64
	// cost is its weight times its learned rate a day, for the expected
	// delay (accrued.noteDelay).
	cost []float64
	// silent tells whether silentGap may bound it (mayBeSilent).
	silent []bool
}

// newAccruedSums returns sums with room for n sources.
func newAccruedSums(n int) *accruedSums {
	return &accruedSums{sums: make([]float64, 0, n), base: make([]float64, 0, n), lo: make([]float64, 0, n),
		hi: make([]float64, 0, n), cost: make([]float64, 0, n), silent: make([]bool, 0, n),
		level: make([]float32, 0, n), exposure: make([]float32, 0, n), weight: make([]float32, 0, n)}
}

// add appends what p's Plan reads of s. It reads p's bounds and tracking
// only, which a new budget leaves as they are.
func (a *accruedSums) add(p *accrued, s *Source) {
	base, hi := p.cfg.baseBounds(s)
	lo, _ := p.cfg.bounds(s)
	raw, level := p.raw(s)
	a.sums = append(a.sums, raw)
	a.level, a.exposure = append(a.level, float32(level)), append(a.exposure, float32(exposureOrNone(s.Models)))
	a.weight = append(a.weight, float32(weightOf(s)))
	a.base, a.lo, a.hi = append(a.base, base), append(a.lo, lo), append(a.hi, hi)
	a.cost = append(a.cost, weightOf(s)*s.Models.RatePerDay())
	a.silent = append(a.silent, mayBeSilent(s))
}

// joinSums returns the sums of parts one after the other, letting go of
// each part once it is copied.
func joinSums(parts []*accruedSums) *accruedSums {
	n := 0
	for _, p := range parts {
		n += len(p.sums)
	}
	out := newAccruedSums(n)
	for i, p := range parts {
		out.sums, out.base, out.lo = append(out.sums, p.sums...), append(out.base, p.base...), append(out.lo, p.lo...)
		out.hi, out.cost, out.silent = append(out.hi, p.hi...), append(out.cost, p.cost...), append(out.silent, p.silent...)
		out.level, out.exposure, out.weight = append(out.level, p.level...), append(out.exposure, p.exposure...), append(out.weight, p.weight...)
		parts[i] = nil
	}
	return out
}

// shrunkSums returns each source's S_i under lp (levelPrior.root): the
// sums themselves when lp shrinks nothing.
func (a *accruedSums) shrunkSums(lp levelPrior) []float64 {
	if lp.k <= 0 || lp.mean <= 0 {
		return a.sums
	}
	out := make([]float64, len(a.sums))
	for i, raw := range a.sums {
		out[i] = lp.root(raw, float64(a.level[i]), float64(a.exposure[i]), float64(a.weight[i]))
	}
	return out
}
