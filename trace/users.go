package trace

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// readerModel is the reading rhythm of one generated user: a few habitual
// times of day, kept much more often on working days than at weekends.
type readerModel struct {
	habits            []float64 // seconds after midnight UTC
	workday, weekend  float64   // probability of keeping a habit on such a day
	spontaneousPerDay float64   // rate of accesses outside the habits
}

// newReaderModel draws a user: 2 to 4 habitual hours between 07:00 and
// 23:00 (distinct hours, random minute), each kept with probability 0.7-0.95
// on a working day and 0.05-0.3 on Saturday and Sunday, and about 0.1-0.5
// spontaneous accesses a day between 08:00 and 23:00.
func newReaderModel(rng *rand.Rand) *readerModel {
	hours := rng.Perm(16)[:2+rng.IntN(3)]
	slices.Sort(hours)
	u := &readerModel{
		workday:           0.7 + 0.25*rng.Float64(),
		weekend:           0.05 + 0.25*rng.Float64(),
		spontaneousPerDay: 0.1 + 0.4*rng.Float64(),
	}
	for _, h := range hours {
		u.habits = append(u.habits, float64((7+h)*hourSeconds)+60*float64(rng.IntN(60)))
	}
	return u
}

// accesses samples the user's accesses in [start, end) (Unix seconds): on
// each day, each habit kept happens within ±20 minutes (normal) and brings 1
// + Poisson(1) accesses spaced by exponential gaps of mean 10 minutes.
func (u *readerModel) accesses(rng *rand.Rand, id string, start, end int64) []Access {
	var times []int64
	for day := floorDiv(start, daySeconds); day*daySeconds < end; day++ {
		wd := time.Weekday(((day+4)%7 + 7) % 7)
		keep := u.workday
		if wd == time.Saturday || wd == time.Sunday {
			keep = u.weekend
		}
		base := float64(day * daySeconds)
		for _, h := range u.habits {
			if rng.Float64() >= keep {
				continue
			}
			t := base + h + 20*60*rng.NormFloat64()
			for n := 1 + poisson(rng, 1); n > 0; n-- {
				times = append(times, int64(math.Floor(t)))
				t += 600 * rng.ExpFloat64()
			}
		}
		for n := poisson(rng, u.spontaneousPerDay); n > 0; n-- {
			times = append(times, int64(base)+8*hourSeconds+rng.Int64N(15*hourSeconds))
		}
	}
	slices.Sort(times)
	out := make([]Access, 0, len(times))
	for _, t := range times {
		if t >= start && t < end {
			out = append(out, Access{User: id, Time: time.Unix(t, 0).UTC()})
		}
	}
	return out
}
