package estimate

import (
	"math"
	"time"
)

// ObserveSeen records that every item published from from to to was
// seen: each hour of the stretch adds to Exposure, weighted by its decay
// to Last, and each of dates not after to adds to Seen in its hour,
// weighted by its own decay. The caller passes the dates to count: the
// stretch's own, and new items dated before it whose hours earlier
// stretches watched (a feed often lists an item some minutes after its
// date). Call it after Observe at to, which decays the counts to to.
// (Beyond the papers: the exposure-weighted Poisson rate of each hour of
// the day.)
func (h *HourShape) ObserveSeen(from, to time.Time, dates []time.Time) {
	if !from.Before(to) {
		return
	}
	h.startSeen()
	h.expose(from, to)
	for _, d := range dates {
		if d.IsZero() || d.After(to) || d.After(h.Last) {
			continue
		}
		h.Seen[hourOfDay(d)] += h.decay(h.Last.Sub(d))
	}
}

// ObserveSeenShares is ObserveSeen of a stretch whose items' hours are not
// known, only their expected number in each UTC hour (shares, 24 values),
// each weighted by the decay from the stretch's middle: the
// interval-censored counterpart, as ObserveShares is Observe's.
func (h *HourShape) ObserveSeenShares(from, to time.Time, shares []float64) {
	if !from.Before(to) {
		return
	}
	h.startSeen()
	h.expose(from, to)
	f := h.decay(h.Last.Sub(from.Add(to.Sub(from) / 2)))
	for i, v := range shares[:min(len(shares), len(h.Seen))] {
		if v > 0 {
			h.Seen[i] += v * f
		}
	}
}

// Watching tells whether the seen stretches have begun.
func (h *HourShape) Watching() bool { return len(h.Exposure) == 24 && len(h.Seen) == 24 }

// startSeen makes room for the seen stretches, also when stored models
// hold them empty.
func (h *HourShape) startSeen() {
	if !h.Watching() {
		h.Exposure, h.Seen = make([]float64, 24), make([]float64, 24)
	}
}

// seenHorizon bounds how far back a stretch is walked, in half-lives:
// hours older than that weigh under 2⁻⁶⁴ and a first fetch may show an
// item dated decades ago.
const seenHorizon = 64

// expose adds the hours from..to to Exposure, each part weighted by the
// decay from its middle to Last.
func (h *HourShape) expose(from, to time.Time) {
	if h.HalfLife <= math.MaxInt64/seenHorizon {
		if oldest := h.Last.Add(-seenHorizon * h.HalfLife); from.Before(oldest) {
			from = oldest
		}
	}
	for t := from; t.Before(to); {
		next := t.Truncate(time.Hour).Add(time.Hour)
		if next.After(to) {
			next = to
		}
		mid := t.Add(next.Sub(t) / 2)
		h.Exposure[hourOfDay(t)] += next.Sub(t).Hours() * h.decay(h.Last.Sub(mid))
		t = next
	}
}

// SeenRates writes into out (24 values) each UTC hour's rate from the seen
// stretches, in items per hour: the Gamma-Poisson posterior mean
//
//	r_h = (Seen_h + a·q_h) / (Exposure_h + a),
//
// whose prior for hour h is the rate q_h = 24·r̄·prior_h (prior a shape of
// 24 shares summing to 1, r̄ the mean seen rate) worth kappa items over
// the day, a = kappa/(24·r̄) hours of watching each hour; an hour never
// watched under no prior (kappa 0) takes q_h. It returns false, leaving
// out as it is, while the stretches hold fewer than minItems items and
// fewer than minHours hours of watching (a shape learned before them,
// from the histogram, is then worth more), or the slices are not 24 long.
func (h *HourShape) SeenRates(kappa, minItems, minHours float64, prior, out []float64) bool {
	if !h.Watching() || len(out) != 24 || len(prior) != 24 {
		return false
	}
	items, hours := 0.0, 0.0
	for i := range h.Seen {
		items += h.Seen[i]
		hours += h.Exposure[i]
	}
	if !(items > 0) || !(hours > 0) || items < minItems && hours < minHours {
		return false
	}
	mean := items / hours
	a := kappa / (24 * mean)
	for i := range out {
		q := 24 * mean * prior[i]
		if watched := h.Exposure[i] + a; watched > 0 {
			out[i] = (h.Seen[i] + a*q) / watched
		} else {
			out[i] = q // never watched, and no prior strength: the prior's rate
		}
	}
	return true
}

// hourOfDay is t's UTC hour, also before 1970.
func hourOfDay(t time.Time) int { return t.UTC().Hour() }

// scale multiplies every value of v by f.
func scale(v []float64, f float64) {
	for i := range v {
		v[i] *= f
	}
}
