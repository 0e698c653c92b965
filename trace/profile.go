package trace

import (
	"math"
	"math/rand/v2"
)

// minutesPerDay is the resolution of a daily profile.
const minutesPerDay = 24 * 60

// Daily shapes of generated sources (the classes of estimate.Shape).
const (
	shapePeaks   = "peaks"
	shapeUniform = "uniform"
	shapeWaves   = "waves"
)

// profile is a source's relative intensity in each minute of the UTC day,
// with mean 1, and its maximum in each hour (the thinning majorant).
type profile struct {
	minute  [minutesPerDay]float64
	hourMax [24]float64
}

// drawShape picks a daily shape: 20% peaks, 30% uniform, 50% waves (a
// choice; the seeds do not give the shares).
func drawShape(rng *rand.Rand) string {
	switch u := rng.Float64(); {
	case u < 0.2:
		return shapePeaks
	case u < 0.5:
		return shapeUniform
	default:
		return shapeWaves
	}
}

// newProfile draws a daily profile of the given shape.
//   - peaks: robot-like bursts k ∈ {1,2,3,4,6} times a day at fixed
//     intervals of 24/k hours from a random phase; each burst fills a 5-20
//     minute window inside one hour and carries, over the day, 85-95% of the
//     postings; the rest is spread evenly.
//   - uniform: every hour at the mean ±20%.
//   - waves: 1 + A·cos(2π(m − peak)/1440) with A in [0.75, 0.95] and the
//     peak at a random minute of the day.
func newProfile(rng *rand.Rand, shape string) *profile {
	p := &profile{}
	switch shape {
	case shapePeaks:
		peaksProfile(rng, p)
	case shapeUniform:
		for h := 0; h < 24; h++ {
			level := 1 + 0.4*(rng.Float64()-0.5)
			for m := 0; m < 60; m++ {
				p.minute[h*60+m] = level
			}
		}
	default:
		amp := 0.75 + 0.2*rng.Float64()
		peak := rng.Float64() * minutesPerDay
		for m := range p.minute {
			p.minute[m] = 1 + amp*math.Cos(2*math.Pi*(float64(m)-peak)/minutesPerDay)
		}
	}
	p.normalise()
	return p
}

// peaksProfile fills p with the bursts of a peaks source.
func peaksProfile(rng *rand.Rand, p *profile) {
	ks := []int{1, 2, 3, 4, 6}
	k := ks[rng.IntN(len(ks))]
	every := 24 / k
	width := 5 + rng.IntN(16)
	share := 0.85 + 0.1*rng.Float64()
	phase := rng.IntN(every)
	offset := rng.IntN(60 - width + 1)
	busy := share * minutesPerDay / float64(k*width)
	rest := (1 - share) * minutesPerDay / float64(minutesPerDay-k*width)
	for m := range p.minute {
		p.minute[m] = rest
	}
	for b := 0; b < k; b++ {
		first := (phase+b*every)*60 + offset
		for m := first; m < first+width; m++ {
			p.minute[m] = busy
		}
	}
}

// normalise scales the profile to mean 1 and records the hourly maxima.
func (p *profile) normalise() {
	sum := 0.0
	for _, v := range p.minute {
		sum += v
	}
	scale := minutesPerDay / sum
	for m := range p.minute {
		p.minute[m] *= scale
		h := m / 60
		p.hourMax[h] = math.Max(p.hourMax[h], p.minute[m])
	}
}
