package sim

import (
	"math"
	"time"
)

// Run simulates one policy over the sources, with the readers (optional)
// giving weights, access patterns and the missed-postings metrics, and
// returns what it measured. It is deterministic: the same input gives the
// same metrics.
func Run(cfg Config, srcs []Source, readers []Reader) (Metrics, error) {
	m, _, err := run(cfg, srcs, readers)
	return m, err
}

// run is Run that also returns every source's fetches.
func run(cfg Config, srcs []Source, readers []Reader) (Metrics, []track, error) {
	index, err := validateSources(srcs)
	if err != nil {
		return Metrics{}, nil, err
	}
	if err := validateReaders(readers, index); err != nil {
		return Metrics{}, nil, err
	}
	r, err := cfg.resolve(srcs)
	if err != nil {
		return Metrics{}, nil, err
	}
	tracks := newTracks(srcs, sourceWeights(len(srcs), readers, index), r.DefaultWindow)
	markDateless(tracks, srcs, r.DatelessShare, r.DatelessSeed)
	markPushed(tracks, srcs, r.PushShare, r.PushSeed, int64(r.HubDelay/time.Second), r.PushOff)
	m := Metrics{Policy: r.Policy, Budget: r.perDay, PushOff: r.PushOff && r.PushShare > 0}
	p := period{base: r.Start.Unix(), from: r.evalStart.Unix(), to: r.End.Unix(), penalty: int64(r.LostPenalty / time.Second)}
	if r.Policy == Clairvoyant {
		if err := clairvoyant(r, tracks); err != nil {
			return Metrics{}, nil, err
		}
		p.base = p.from
		for i := range tracks {
			tracks[i].window = math.MaxInt // the bound ignores the window
		}
	} else {
		e, err := simulate(r, tracks, newAccessLog(readers, index))
		if err != nil {
			return Metrics{}, nil, err
		}
		m.Deferred, m.HeldAtEnd = e.deferred, e.budget.held
		if e.quality != nil {
			m.ProfileQuality = e.quality.value()
		}
		if e.novelty != nil {
			m.Novel = e.novelty.novel
		}
		m.DivergenceEWMA, m.DivergencePeriodic = e.div.errors()
	}
	measure(&m, tracks, readers, index, p)
	latency(&m, tracks, p)
	spending(&m, p)
	if r.Policy == Clairvoyant {
		m.BoundVacuous = float64(m.Postings) <= m.Budget*float64(p.to-p.from)/86400
	}
	return m, tracks, nil
}

// UnderspendBelow is the share of its budget under which a run is flagged
// as underspent: its fetches are not equal to its peers'.
const UnderspendBelow = 0.97

// spending sets the share of the evaluated period's budget spent.
func spending(m *Metrics, p period) {
	allowed := m.Budget * float64(p.to-p.from) / 86400
	if allowed > 0 {
		m.Spent = float64(m.Fetches) / allowed
		m.Underspent = m.Spent < UnderspendBelow
	}
}
