package trace

import "time"

// Quantisation describes how coarse a posting trace's times are: crawlers
// that record when they saw a posting, not when it was published, give
// times on a grid, and many postings of one source then share a second.
type Quantisation struct {
	// Step is the coarsest of an hour, 15, 5 and 1 minutes that at least
	// QuantisedShare of the times are multiples of; 0 when none is.
	Step time.Duration
	// Shared is the share of postings whose time equals that of another
	// posting of the same source.
	Shared float64
}

// QuantisedShare is the share of times on a grid, or sharing a second,
// from which a trace counts as quantised.
const QuantisedShare = 0.9

// SharedLimit is the share of postings sharing their second with another of
// their source above which a trace counts as quantised.
const SharedLimit = 0.05

// Quantised tells whether the trace's times are coarse enough to distort
// delays measured in minutes.
func (q Quantisation) Quantised() bool { return q.Step > 0 || q.Shared > SharedLimit }

// Quantisation measures the grid of the trace's times.
func (p *Postings) Quantisation() Quantisation {
	steps := []time.Duration{time.Hour, 15 * time.Minute, 5 * time.Minute, time.Minute}
	on := make([]int, len(steps))
	n, shared := 0, 0
	for _, s := range p.Sources {
		for j, post := range s.Postings {
			n++
			sec := post.Time.Unix()
			for k, st := range steps {
				if sec%int64(st/time.Second) == 0 {
					on[k]++
				}
			}
			if j > 0 && post.Time.Equal(s.Postings[j-1].Time) ||
				j+1 < len(s.Postings) && post.Time.Equal(s.Postings[j+1].Time) {
				shared++
			}
		}
	}
	var q Quantisation
	if n == 0 {
		return q
	}
	q.Shared = float64(shared) / float64(n)
	for k, st := range steps {
		if float64(on[k]) >= QuantisedShare*float64(n) {
			q.Step = st
			break
		}
	}
	return q
}

// Quantise moves every posting's time down to a multiple of step since the
// Unix epoch, as feeds that give coarse dates or a crawler's passes
// record them: many postings of a source then share a time. Order is kept
// (flooring is monotone) and no posting leaves the trace's period.
func (p *Postings) Quantise(step time.Duration) {
	if step < time.Second {
		return
	}
	sec := int64(step / time.Second)
	for i := range p.Sources {
		for j := range p.Sources[i].Postings {
			t := p.Sources[i].Postings[j].Time.Unix()
			p.Sources[i].Postings[j].Time = time.Unix(t-t%sec, 0).UTC()
		}
	}
}
