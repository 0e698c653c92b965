package estimate

import (
	"math"
	"math/rand/v2"
	"sort"
	"time"
)

// poissonTimes draws the event times of a non-homogeneous Poisson process
// over [from, to) by thinning: candidates at rate peak, each kept with
// probability rate(t)/peak. Rates are per hour.
func poissonTimes(r *rand.Rand, rate func(time.Time) float64, peak float64, from, to time.Time) []time.Time {
	var out []time.Time
	t := from
	for {
		t = t.Add(time.Duration(r.ExpFloat64() / peak * float64(time.Hour)))
		if !t.Before(to) {
			return out
		}
		if r.Float64()*peak < rate(t) {
			out = append(out, t)
		}
	}
}

// hourly returns a rate function that is rates[h] during UTC hour h.
func hourly(rates [24]float64) func(time.Time) float64 {
	return func(t time.Time) float64 { return rates[t.UTC().Hour()] }
}

// countIn returns how many of the sorted times fall in [a, b).
func countIn(times []time.Time, a, b time.Time) int {
	lo := sort.Search(len(times), func(i int) bool { return !times[i].Before(a) })
	hi := sort.Search(len(times), func(i int) bool { return !times[i].Before(b) })
	return hi - lo
}

// Synthetic daily shapes, in items per hour, after Horincar et al. Fig. 6.
func uniformRates(level float64) [24]float64 {
	var r [24]float64
	for h := range r {
		r[h] = level
	}
	return r
}

// peakRates publishes only in every fourth hour, at the given rate.
func peakRates(level float64) [24]float64 {
	var r [24]float64
	for h := 0; h < 24; h += 4 {
		r[h] = level
	}
	return r
}

// waveRates follows a day rhythm: mean level, low at night, high at noon.
func waveRates(level float64) [24]float64 {
	var r [24]float64
	for h := range r {
		r[h] = level * (1 - 0.9*math.Cos(2*math.Pi*(float64(h)+0.5)/24))
	}
	return r
}

// maxOf returns the largest rate.
func maxOf(r [24]float64) float64 {
	m := 0.0
	for _, v := range r {
		m = max(m, v)
	}
	return m
}

// distance returns the Euclidean distance between a model's rates and the
// true rates, as Horincar et al. Fig. 9 measures it.
func distance(got []float64, want [24]float64) float64 {
	ss := 0.0
	for i, w := range want {
		ss += (got[i] - w) * (got[i] - w)
	}
	return math.Sqrt(ss)
}

// norm returns the Euclidean norm of the rates.
func norm(r [24]float64) float64 {
	ss := 0.0
	for _, v := range r {
		ss += v * v
	}
	return math.Sqrt(ss)
}
