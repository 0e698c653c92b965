package profile

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"vigil"
)

// DefaultK is the profile window of Roitman et al. §6.3: a channel's last 20
// items.
const DefaultK = 20

// DefaultBeta is the novelty threshold β = 0.1 that Roitman et al. §5.4
// found to keep about 95% of the quality for about half the probes. Their
// multi-channel runs (§6.3) used β = 0.
const DefaultBeta = 0.1

// DefaultMaxTerms is how many stems, and apart how many lexical
// affinities, a channel's window keeps: its heaviest.
const DefaultMaxTerms = 32

// maxK bounds the window so that a corrupt configuration cannot allocate
// without limit.
const maxK = 1 << 16

// maxMaxTerms bounds MaxTerms likewise.
const maxMaxTerms = 1 << 20

// Config chooses how a Channel profiles its items.
type Config struct {
	// K is the profile window: the channel's last K items (0 means
	// DefaultK).
	K int
	// Beta is the novelty threshold β of Eq. 7: an item is not novel when
	// its marginal influence Δ ≥ coh + β·σ_coh. Larger β counts more items
	// as novel. The zero value is β = 0; DefaultConfig gives DefaultBeta.
	Beta float64
	// FilterWithPrevious makes the novelty filter judge a batch by the
	// cohesion and deviation from before the batch was folded in. By
	// default it uses the values updated by the batch (Eq. 8 first, then
	// Eq. 7): Roitman et al. §5.3.2 say the filter "uses the previous and
	// the new cohesion values", which fits both readings.
	FilterWithPrevious bool
	// MaxTerms caps the profile: after each item the window keeps its
	// MaxTerms heaviest stems and, apart, its MaxTerms heaviest lexical
	// affinities (by tf·idf with the current idf), so that a channel's
	// memory does not grow with the length of its items. 0 means
	// DefaultMaxTerms; a negative value keeps every term, as Roitman et
	// al. define the profile. Each item's Δ is measured before the cap,
	// with all of the item's terms: an item on a new topic brings terms
	// the capped profile lacks, which is what makes it novel. A term the
	// cap dropped that comes again counts from that item on.
	MaxTerms int
	// Exact recomputes the norm of the profile before each item by a full
	// pass with current idf instead of the incremental approximation (see
	// Channel). It costs time in the size of the profile; tests use it to
	// bound the approximation.
	Exact bool
}

// DefaultConfig returns the configuration of Roitman et al.: K = 20 and
// β = 0.1.
func DefaultConfig() Config {
	return Config{K: DefaultK, Beta: DefaultBeta}
}

// Channel is the content profile of one channel (Roitman et al. §4.2): the
// tf-idf vector of its last K items, with idf from a shared Corpus, and the
// cohesion of its content over every item folded in since it was created
// (Eq. 3, kept online by Eq. 8) with its standard deviation (Eq. 6).
//
// Each item's marginal influence Δ_i = sim(P(W_{i−1}), P(W_i)) (Eq. 1 on
// the windows before and after the item) is computed incrementally: the idf
// of the terms that enter and leave, and one sequential pass over the
// window's term counts. It is exact but for one approximation: the norm of
// the profile before the item weighs each term it does not bring by the
// ln df the term had when last renewed (when it last came in with an item,
// or at a renewal of the whole profile, done whenever the corpus has grown
// by more than a sixteenth since the last one), as other channels' items
// move df in between. Both profiles of a step are weighed alike, so the
// error stays small: on fixed-seed streams of 5 to 200 channels sharing a
// vocabulary |Δ − Δ_exact| stayed below 0.002 (mean about 2e-5).
// Config.Exact removes it.
//
// A Channel always works with the same Corpus.
type Channel struct {
	cfg   Config
	win   window
	items int64
	novel int64
	sum   float64 // Σ Δ_i over every item
	sum2  float64 // Σ Δ_i²
}

// NewChannel returns an empty channel profile. It returns an error for a
// negative or too large K or a β that is not a finite number.
func NewChannel(cfg Config) (*Channel, error) {
	if cfg.K == 0 {
		cfg.K = DefaultK
	}
	if cfg.K < 0 || cfg.K > maxK {
		return nil, fmt.Errorf("profile: unable to create channel: window K = %d outside [1, %d]", cfg.K, maxK)
	}
	if cfg.MaxTerms == 0 {
		cfg.MaxTerms = DefaultMaxTerms
	}
	if cfg.MaxTerms > maxMaxTerms {
		return nil, fmt.Errorf("profile: unable to create channel: MaxTerms = %d above %d", cfg.MaxTerms, maxMaxTerms)
	}
	if cfg.MaxTerms < 0 {
		cfg.MaxTerms = -1
	}
	if math.IsNaN(cfg.Beta) || math.IsInf(cfg.Beta, 0) {
		return nil, fmt.Errorf("profile: unable to create channel: β = %v is not a finite number", cfg.Beta)
	}
	return &Channel{cfg: cfg, win: newWindow(cfg.K)}, nil
}

// Batch is what folding the new items of one fetch produced.
type Batch struct {
	// Deltas holds each item's marginal influence Δ_i, in order.
	Deltas []float64
	// Novel tells, per item, whether the novelty filter kept it.
	Novel []bool
	// NovelCount is the number of novel items.
	NovelCount int
	// Threshold is coh + β·σ_coh as the filter used it; +Inf while the
	// cohesion rests on fewer than two items, when every item is novel.
	Threshold float64
}

// Fold takes in the new items of one fetch, oldest first, each as its
// analysed terms. For each item in turn the corpus counts it (the item is
// now seen, so the idf it meets includes it), then the window moves and Δ_i
// is measured; the very first item of a channel meets an empty profile and
// gets Δ = 0, as Eq. 3 starts from one. Cohesion and its deviation then
// include the batch, and the novelty filter (Eq. 7) judges each item of
// the batch: an item is not novel iff Δ_i ≥ coh + β·σ_coh.
func (ch *Channel) Fold(c *Corpus, items [][]string) Batch {
	if len(items) == 0 {
		return Batch{}
	}
	before := ch.stats()
	b := Batch{Deltas: make([]float64, len(items)), Novel: make([]bool, len(items))}
	for i, terms := range items {
		d := ch.win.push(c, c.Add(terms), ch.cfg.Exact)
		if ch.cfg.MaxTerms > 0 {
			ch.win.capTerms(c, ch.cfg.MaxTerms)
		}
		ch.record(d)
		b.Deltas[i] = d
	}
	judge := ch.stats()
	if ch.cfg.FilterWithPrevious {
		judge = before
	}
	b.Threshold = judge.threshold(ch.cfg.Beta)
	for i, d := range b.Deltas {
		if d < b.Threshold {
			b.Novel[i] = true
			b.NovelCount++
		}
	}
	ch.novel += int64(b.NovelCount)
	return b
}

// record adds one marginal influence to the running sums of Eq. 8 and 6.
func (ch *Channel) record(delta float64) {
	ch.items++
	ch.sum += delta
	ch.sum2 += delta * delta
}

func (ch *Channel) stats() cohesion {
	return cohesion{n: ch.items, sum: ch.sum, sum2: ch.sum2}
}

// Cohesion returns the channel's cohesion coh (Eq. 3, the mean Δ over every
// item so far, 0 before any) and its standard deviation σ_coh (Eq. 6, 0
// before two items).
func (ch *Channel) Cohesion() (coh, sd float64) {
	s := ch.stats()
	return s.mean(), s.sd()
}

// Items returns the number of items folded in since the channel was
// created.
func (ch *Channel) Items() int64 { return ch.items }

// Novel returns how many of them the novelty filter kept.
func (ch *Channel) Novel() int64 { return ch.novel }

// Config returns the channel's configuration.
func (ch *Channel) Config() Config { return ch.cfg }

// Len returns the number of items in the window (at most K).
func (ch *Channel) Len() int { return ch.win.size }

// Vector returns the profile P(W) with c's current idf: weight
// tf(t)·idf(t) for every term of the window with a non-zero idf.
func (ch *Channel) Vector(c *Corpus) Vector {
	v := Vector{ids: make([]uint32, 0, len(ch.win.ents)), ws: make([]float64, 0, len(ch.win.ents))}
	for _, e := range ch.win.ents { // sorted by ID
		if w := float64(e.tf) * c.idf(e.id); w > 0 {
			v.ids = append(v.ids, e.id)
			v.ws = append(v.ws, w)
		}
	}
	return v
}

// Top returns the n heaviest terms of the profile under c's current idf,
// heaviest first, equal weights in term order.
func (ch *Channel) Top(c *Corpus, n int) []vigil.TermWeight {
	if n <= 0 {
		return nil
	}
	out := ch.sorted(c)
	return out[:min(n, len(out))]
}

// TopEach returns the n heaviest single stems and the n heaviest lexical
// affinities (two stems joined by a space) of the profile under c's
// current idf, together heaviest first. Affinities usually outweigh
// stems, being rarer, so that a plain Top would list pairs only.
func (ch *Channel) TopEach(c *Corpus, n int) []vigil.TermWeight {
	if n <= 0 {
		return nil
	}
	var out []vigil.TermWeight
	stems, pairs := 0, 0
	for _, t := range ch.sorted(c) {
		count := &stems
		if strings.Contains(t.Term, " ") {
			count = &pairs
		}
		if *count < n {
			out = append(out, t)
			*count++
		}
	}
	return out
}

// sorted returns every term of the profile under c's current idf,
// heaviest first, equal weights in term order.
func (ch *Channel) sorted(c *Corpus) []vigil.TermWeight {
	v := ch.Vector(c)
	out := make([]vigil.TermWeight, v.Len())
	for i, id := range v.ids {
		out[i] = vigil.TermWeight{Term: c.Term(id), Weight: v.ws[i]}
	}
	slices.SortFunc(out, func(a, b vigil.TermWeight) int {
		if c := cmp.Compare(b.Weight, a.Weight); c != 0 {
			return c
		}
		return strings.Compare(a.Term, b.Term)
	})
	return out
}
