package trace

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Seconds in a day and an hour.
const (
	daySeconds  = 86400
	hourSeconds = 3600
)

// sourceModel is the publication process of one generated source:
// λ(t) = rate · profile(minute of day) · weekday factor · drift(t), plus
// occasional bursts, and the topics its titles are about.
type sourceModel struct {
	shape   string
	window  int
	rate    float64 // mean postings per second before modulation
	profile *profile
	weekday [7]float64 // by time.Weekday; mean 1 over a week
	// drift(t) = exp(driftAmp · sin(2π(t − start)/driftPeriod + driftPhase))
	driftAmp, driftPeriod, driftPhase float64
}

// newSourceModel draws a source's model:
//   - expected postings in 90 days from the power law (drawCount);
//   - a daily shape (drawShape, newProfile);
//   - weekends at 30-90% of the weekday level;
//   - a slow sinusoidal drift of the log-rate with period 20-120 days and
//     amplitude up to 0.25 (up to 0.7 for one source in ten: rates are
//     stable over three months for most feeds, 001 Fig. 9);
//   - a window W of 10 to 20 postings (001 §4.1, 003 §6.2).
func newSourceModel(rng *rand.Rand) *sourceModel {
	m := &sourceModel{
		rate:  drawCount(rng) / lawDays / daySeconds,
		shape: drawShape(rng),
	}
	m.profile = newProfile(rng, m.shape)
	weekend := 0.3 + 0.6*rng.Float64()
	level := 7 / (5 + 2*weekend)
	for d := range m.weekday {
		m.weekday[d] = level
	}
	m.weekday[time.Saturday] *= weekend
	m.weekday[time.Sunday] *= weekend
	m.driftAmp = 0.25 * rng.Float64()
	if rng.Float64() < 0.1 {
		m.driftAmp = 0.3 + 0.4*rng.Float64()
	}
	m.driftPeriod = (20 + 100*rng.Float64()) * daySeconds
	m.driftPhase = 2 * math.Pi * rng.Float64()
	m.window = 10 + rng.IntN(11)
	return m
}

// times samples the posting times in [start, end) (Unix seconds) by
// thinning: in each UTC hour the candidates come from a homogeneous Poisson
// process at the hour's majorant M = rate · max profile in the hour ·
// weekday factor · e^driftAmp, and each is kept with probability λ(t)/M.
// Bursts are added on top (bursts). Times are whole seconds, sorted.
func (m *sourceModel) times(rng *rand.Rand, start, end int64) []int64 {
	var out []int64
	driftMax := math.Exp(m.driftAmp)
	for a := start; a < end; {
		b := min(floorDiv(a, hourSeconds)*hourSeconds+hourSeconds, end)
		day := floorDiv(a, daySeconds)
		wd := m.weekday[((day+4)%7+7)%7] // 1970-01-01 was a Thursday
		hour := (a - day*daySeconds) / hourSeconds
		bound := m.rate * m.profile.hourMax[hour] * wd * driftMax
		for t := float64(a) + rng.ExpFloat64()/bound; t < float64(b); t += rng.ExpFloat64() / bound {
			minute := (int64(t) - day*daySeconds) / 60
			lambda := m.rate * m.profile.minute[minute] * wd * m.drift(t, start)
			if rng.Float64()*bound < lambda {
				out = append(out, int64(t))
			}
		}
		a = b
	}
	out = append(out, m.bursts(rng, start, end)...)
	slices.Sort(out)
	return out
}

// drift is the slow multiplicative change of the rate at t.
func (m *sourceModel) drift(t float64, start int64) float64 {
	return math.Exp(m.driftAmp * math.Sin(2*math.Pi*(t-float64(start))/m.driftPeriod+m.driftPhase))
}

// bursts samples occasional bursts, about one per 30 days: each lasts 1 to
// 6 hours and adds a homogeneous Poisson process at 3 to 10 times the
// source's mean rate.
func (m *sourceModel) bursts(rng *rand.Rand, start, end int64) []int64 {
	var out []int64
	span := float64(end - start)
	for n := poisson(rng, span/(30*daySeconds)); n > 0; n-- {
		from := float64(start) + rng.Float64()*span
		length := (1 + 5*rng.Float64()) * hourSeconds
		length = math.Min(length, float64(end)-from)
		factor := 3 + 7*rng.Float64()
		for k := poisson(rng, factor*m.rate*length); k > 0; k-- {
			out = append(out, int64(from+rng.Float64()*length))
		}
	}
	return out
}

// topics draws the topic a source writes about at each posting: a first
// topic, then shifts to another topic at the events of a Poisson process
// with a mean interval of 15 to 60 days.
func topics(rng *rand.Rand, times []int64) []int {
	out := make([]int, len(times))
	if len(times) == 0 {
		return out
	}
	topic := rng.IntN(vocabTopics)
	interval := (15 + 45*rng.Float64()) * daySeconds
	next := float64(times[0]) + rng.ExpFloat64()*interval
	for i, t := range times {
		for float64(t) >= next {
			topic = (topic + 1 + rng.IntN(vocabTopics-1)) % vocabTopics
			next += rng.ExpFloat64() * interval
		}
		out[i] = topic
	}
	return out
}

// postings turns sampled times into postings with titles from vocab (nil for
// no titles). All titles share one string.
func postings(rng *rand.Rand, times []int64, vocab *vocabulary) []Posting {
	out := make([]Posting, len(times))
	for i, t := range times {
		out[i].Time = time.Unix(t, 0).UTC()
	}
	if vocab == nil {
		return out
	}
	var b strings.Builder
	b.Grow(48 * len(times))
	ends := make([]int, len(times))
	for i, topic := range topics(rng, times) {
		vocab.title(rng, topic, &b)
		ends[i] = b.Len()
	}
	all, from := b.String(), 0
	for i, e := range ends {
		out[i].Title = all[from:e]
		from = e
	}
	return out
}

// floorDiv divides rounding toward −∞.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
