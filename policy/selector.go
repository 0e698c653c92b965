package policy

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Selector is a policy that does not time each source but picks, at every
// slot, which m sources to fetch (Roitman et al. §6.1: at most M channels
// are monitored at once). Its Next is never used by the simulator, which
// calls Select instead; the live monitor cannot run a Selector.
type Selector interface {
	Policy
	// Slot is the time between two selections.
	Slot() time.Duration
	// Select returns the indices into srcs of at most m distinct sources
	// to fetch at now.
	Select(srcs []*Source, now time.Time, m int) []int
}

// selector ranks sources by importance, their current monitoring rate
// (Roitman et al. §6.1), learned from all items (content-free) or from the
// novel items only (content-based), optionally refined by profile
// similarity (Eq. 10). Greedy takes the m most important sources; fair
// draws m without replacement with probability proportional to importance.
type selector struct {
	name string
	cfg  Config
	rate func(m *Models) float64 // items per hour
	fair bool
	rng  *rand.Rand
}

func newSelector(name string, c Config, rate func(m *Models) float64, fair bool) *selector {
	return &selector{name: name, cfg: c, rate: rate, fair: fair, rng: rand.New(rand.NewPCG(c.Seed, selectorStream))}
}

// Name returns the policy's name.
func (p *selector) Name() string { return p.name }

// Plan does nothing: importance is read afresh at every selection.
func (p *selector) Plan([]*Source, time.Time) error { return nil }

// Next is a day after now: a Selector is driven by Select.
func (p *selector) Next(_ *Source, now time.Time) time.Time { return now.Add(day) }

// Slot returns Config.Slot, an hour by default.
func (p *selector) Slot() time.Duration {
	if p.cfg.Slot > 0 {
		return p.cfg.Slot
	}
	return time.Hour
}

// Select returns the m sources to fetch at now, in index order.
func (p *selector) Select(srcs []*Source, now time.Time, m int) []int {
	m = min(m, len(srcs))
	if m <= 0 {
		return nil
	}
	imp := p.importance(srcs)
	var keys []float64
	if p.fair {
		keys = make([]float64, len(srcs))
		for i, w := range imp {
			// Efraimidis and Spirakis: the m smallest Exp(1)/w are a draw
			// without replacement proportional to w.
			keys[i] = math.Inf(1)
			if w > 0 {
				keys[i] = -math.Log(1-p.rng.Float64()) / w
			}
		}
	} else {
		keys = make([]float64, len(srcs))
		for i, w := range imp {
			keys[i] = -w
		}
	}
	idx := make([]int, len(srcs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Or(cmp.Compare(keys[a], keys[b]), cmp.Compare(a, b)) })
	out := idx[:m]
	slices.Sort(out)
	return out
}

// importance is each source's monitoring rate, refined when configured.
func (p *selector) importance(srcs []*Source) []float64 {
	imp := make([]float64, len(srcs))
	for i, s := range srcs {
		imp[i] = p.rate(s.Models)
	}
	if p.cfg.Refine == nil {
		return imp
	}
	rates := make(map[int64]float64, len(srcs))
	for i, s := range srcs {
		rates[s.ID] = imp[i]
	}
	refined := p.cfg.Refine(rates)
	for i, s := range srcs {
		if r, ok := refined[s.ID]; ok {
			imp[i] = r
		}
	}
	return imp
}
