package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// t0 is the start of every synthetic trace: a Monday, midnight UTC.
var t0 = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)

// synthShape is a daily shape: 24 relative hourly rates.
type synthShape [24]float64

// randomShape is peaked (a bump at a random hour), waves (a day rhythm) or
// uniform, in proportions 2:1:1.
func randomShape(r *rand.Rand) synthShape {
	var s synthShape
	peak := r.Float64() * 24
	kind := r.IntN(4)
	for h := range 24 {
		d := math.Abs(float64(h) + 0.5 - peak)
		d = math.Min(d, 24-d)
		switch kind {
		case 0, 1:
			s[h] = 0.03 + math.Exp(-d*d/2)
		case 2:
			s[h] = 1 + math.Cos(math.Pi*d/12)
		default:
			s[h] = 1
		}
	}
	return s
}

// synthSources builds n sources over days days: Poisson postings (by
// thinning) with a power-law daily rate capped at maxRate (FORMULAS §8)
// and a random daily shape each.
func synthSources(seed uint64, n, days int, maxRate float64) []Source {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]Source, n)
	for i := range out {
		perDay := math.Min(maxRate, 0.5/math.Pow(1-r.Float64(), 1/0.78))
		out[i] = Source{ID: fmt.Sprintf("s%05d", i), Postings: poisson(r, perDay, randomShape(r), days)}
	}
	return out
}

// poisson draws the postings of a source publishing perDay a day with the
// given daily shape.
func poisson(r *rand.Rand, perDay float64, shape synthShape, days int) []time.Time {
	total, peak := 0.0, 0.0
	for _, v := range shape {
		total, peak = total+v, math.Max(peak, v)
	}
	maxPerHour := perDay * peak / total
	end := float64(days * 24)
	var out []time.Time
	for t := r.ExpFloat64() / maxPerHour; t < end; t += r.ExpFloat64() / maxPerHour {
		h := int(t) % 24
		if r.Float64()*peak < shape[h] {
			out = append(out, t0.Add(time.Duration(t*float64(time.Hour)).Truncate(time.Second)))
		}
	}
	return out
}

// synthReaders builds n readers, each following up to follows sources and
// reading a few times on working hours of each of days days.
func synthReaders(seed uint64, srcs []Source, n, days int) []Reader {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := make([]Reader, n)
	for i := range out {
		rd := Reader{ID: fmt.Sprintf("u%d", i), Weight: 1 + float64(r.IntN(2))}
		for range 1 + r.IntN(4) {
			rd.Follows = append(rd.Follows, srcs[r.IntN(len(srcs))].ID)
		}
		for d := range days {
			for _, h := range []float64{8 + r.Float64(), 12.5 + r.Float64(), 18 + 2*r.Float64()} {
				rd.Accesses = append(rd.Accesses, t0.Add(time.Duration((float64(d*24)+h)*float64(time.Hour))).Truncate(time.Second))
			}
		}
		out[i] = rd
	}
	return out
}
