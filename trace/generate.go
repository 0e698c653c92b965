package trace

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults of GenConfig.
const (
	DefaultGenSources = 1000
	DefaultGenDays    = 90
)

// DefaultGenStart is the default first day of a generated trace, a Monday
// (the first day of the reddit-2013q3 trace).
var DefaultGenStart = time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC)

// RNG streams: source i uses stream i+1, user j stream userStream+j (and
// their looks lookStream+j), the vocabulary vocabStream.
const (
	vocabStream = 1 << 62
	userStream  = 1 << 61
)

// GenConfig configures Generate. Zero or negative Sources and Days take the
// defaults; a zero Start takes DefaultGenStart.
type GenConfig struct {
	Sources int       // number of sources drawn
	Days    int       // length of the period, from Start
	Seed    uint64    // the same seed gives the same traces
	Start   time.Time // first instant; truncated to the second
	Users   int       // number of users with access traces; 0 for none
	// Looks, when positive, makes every access a look at one of Looks
	// sources the user follows (readerModel.looks); 0 leaves accesses to
	// all their sources.
	Looks int
	// NoTitles leaves titles empty (less memory for large traces).
	NoTitles bool
}

// withDefaults fills in the defaults.
func (c GenConfig) withDefaults() GenConfig {
	if c.Sources <= 0 {
		c.Sources = DefaultGenSources
	}
	if c.Days <= 0 {
		c.Days = DefaultGenDays
	}
	if c.Start.IsZero() {
		c.Start = DefaultGenStart
	}
	c.Start = c.Start.UTC().Truncate(time.Second)
	c.Users, c.Looks = max(c.Users, 0), max(c.Looks, 0)
	return c
}

// Generate draws a synthetic posting trace and user access trace over
// [Start, Start + Days·24h). Each source follows newSourceModel: a rate from
// the power law of FORMULAS.md §8 (drawCount), a daily shape (peaks,
// uniform or waves) at its own hours, weekday/weekend modulation, slow
// drift and occasional bursts, sampled as a non-homogeneous Poisson process
// by thinning; a window of 10-20; and titles from topic vocabularies with
// topic shifts. Source IDs are "gen" + a zero-padded index + "-" + the
// source's shape (e.g. "gen00042-waves"), so that results can be grouped by
// the true shape. Sources that drew no posting in the period are left out,
// so the trace may hold fewer than Sources sources. Users ("user001", ...)
// read at 2-4 habitual hours, mostly on working days (newReaderModel).
// Sources are generated in parallel from their own random streams, so the
// result depends on the seed only.
func Generate(cfg GenConfig) (*Postings, *Accesses) {
	cfg = cfg.withDefaults()
	start := cfg.Start.Unix()
	end := start + int64(cfg.Days)*daySeconds
	var vocab *vocabulary
	if !cfg.NoTitles {
		vocab = newVocabulary(rand.New(rand.NewPCG(cfg.Seed, vocabStream)))
	}
	sources := make([]Source, cfg.Sources)
	width := max(5, len(strconv.Itoa(cfg.Sources-1)))
	parallel(cfg.Sources, func(i int) {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)+1))
		m := newSourceModel(rng)
		sources[i] = Source{
			ID:       fmt.Sprintf("gen%0*d-%s", width, i, m.shape),
			Window:   m.window,
			Postings: postings(rng, m.times(rng, start, end), vocab),
		}
	})
	kept := sources[:0]
	for _, s := range sources {
		if len(s.Postings) > 0 {
			kept = append(kept, s)
		}
	}
	p := &Postings{Sources: kept, Start: cfg.Start, End: time.Unix(end, 0).UTC()}
	ids := make([]string, len(kept))
	for i, s := range kept {
		ids[i] = s.ID
	}
	return p, generateUsers(cfg, start, end, ids)
}

// generateUsers draws the access traces of cfg.Users users, as looks at
// the sources of ids when cfg.Looks is set.
func generateUsers(cfg GenConfig, start, end int64, ids []string) *Accesses {
	a := &Accesses{Start: cfg.Start, End: time.Unix(end, 0).UTC(), Users: make([]User, 0, cfg.Users)}
	width := max(3, len(strconv.Itoa(cfg.Users)))
	for j := 0; j < cfg.Users; j++ {
		rng := rand.New(rand.NewPCG(cfg.Seed, userStream+uint64(j)))
		id := fmt.Sprintf("user%0*d", width, j+1)
		m := newReaderModel(rng)
		acc := m.accesses(rng, id, start, end)
		if cfg.Looks > 0 {
			acc = m.looks(rand.New(rand.NewPCG(cfg.Seed, lookStream+uint64(j))), acc, ids, cfg.Looks)
		}
		a.Users = append(a.Users, User{ID: id, Accesses: acc})
	}
	return a
}

// parallel runs do(0..n−1) on up to GOMAXPROCS goroutines.
func parallel(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := min(runtime.GOMAXPROCS(0), n); w > 0; w-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		}()
	}
	wg.Wait()
}
