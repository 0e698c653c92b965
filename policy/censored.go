package policy

import "time"

// A fetch without usable dates says only that x items came somewhere in
// (T_{r−1}, T_r]: its items' times are interval-censored. The counts-only
// estimators of Horincar et al. §4 (the EWMA level and the periodic
// model) learn from x and the interval directly. The estimators that read
// items' times (the recent level and the dated daily shape of tracking, and
// the baselines that count a week's entries) need a time per item; placing
// them all at the fetch time, as a reader without dates would, dates every
// item late by half an interval and piles the daily shape onto the hours
// fetches happen in. censoredItems instead places them where the current
// daily pattern expects them inside the interval: the E step of the
// self-consistency (Turnbull) estimator for interval-censored data, run
// once per fetch, the M step being the estimators' own update. Over many
// fetches whose intervals start and end at different hours, the shape
// learned this way converges to the one the dates would give.

// censoredItems returns x times in (from, to], at the quantiles
// (j + ½)/x of the expected number of items over the interval under the
// hourly rates (24 UTC hours; flat when they are all zero), and the
// expected share of the x items in each UTC hour.
func censoredItems(from, to time.Time, x int, hourly []float64) ([]time.Time, [24]float64) {
	var share [24]float64
	if x <= 0 || !to.After(from) {
		return nil, share
	}
	segs, total := hourSegments(from, to, hourly)
	out := make([]time.Time, 0, x)
	acc, j := 0.0, 0
	for _, s := range segs {
		share[s.hour] += float64(x) * s.mass / total
		for j < x && s.mass > 0 {
			q := (float64(j) + 0.5) / float64(x) * total
			if q > acc+s.mass {
				break
			}
			frac := (q - acc) / s.mass
			out = append(out, s.start.Add(time.Duration(frac*float64(s.span))))
			j++
		}
		acc += s.mass
	}
	for ; j < x; j++ { // rounding: the last quantiles fall at the end
		out = append(out, to)
	}
	return out, share
}

// segment is a part of an interval inside one UTC hour, with the expected
// items over it (its mass; its time when every rate is zero).
type segment struct {
	start time.Time
	span  time.Duration
	hour  int
	mass  float64
}

// hourSegments cuts (from, to] at UTC hour boundaries and returns the parts
// and their total mass; each part's mass is its hour's rate times its
// length in hours, or its length alone when the rates give the whole
// interval no mass.
func hourSegments(from, to time.Time, hourly []float64) ([]segment, float64) {
	var segs []segment
	total := 0.0
	for at := from; at.Before(to); {
		end := at.Truncate(time.Hour).Add(time.Hour)
		if end.After(to) {
			end = to
		}
		h := int(at.Unix() / 3600 % 24)
		w := end.Sub(at).Hours() * hourly[h]
		segs = append(segs, segment{start: at, span: end.Sub(at), hour: h, mass: w})
		total += w
		at = end
	}
	if total > 0 {
		return segs, total
	}
	for i := range segs {
		segs[i].mass = segs[i].span.Hours()
		total += segs[i].mass
	}
	return segs, total
}
