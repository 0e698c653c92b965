package profiler

import (
	"fmt"
	"math"
	"time"

	"vigil/profile"
)

// Defaults applied by New to zero fields of Config.
const (
	// DefaultTopTerms is how many of its heaviest stems, and as many of
	// its heaviest lexical affinities, a stored profile keeps.
	DefaultTopTerms = 20
	// DefaultPageSize is how many items CatchUp reads, folds and saves in
	// one step: a catch-up over a backlog saves each changed channel and
	// the document frequency changes once per page, and holds the page's
	// text and those changes (tens of thousands of terms for a page of
	// long items) until it is saved.
	DefaultPageSize = 250
	// MaxPageSize is the largest page the store hands out at once.
	MaxPageSize = 5000
	// DefaultEvery is how often Run catches up.
	DefaultEvery = 30 * time.Second
	// DefaultRest is how long CatchUp rests after each page, as a share
	// of the time the page took: a backlog then takes at most 80% of one
	// processor.
	DefaultRest = 0.25
)

// maxRest bounds Config.Rest: a catch-up that rests a hundred times as
// long as it works is a mistake, not a setting.
const maxRest = 100

// Config adjusts a Profiler; its zero value gives Roitman et al.'s
// profiles and the defaults above.
type Config struct {
	// Profile configures each new channel; the zero value means
	// profile.DefaultConfig() (K = 20, β = 0.1). A channel keeps the
	// configuration it was created with, across restarts too.
	Profile profile.Config
	// TopTerms is how many of a channel's heaviest stems, and as many of
	// its heaviest lexical affinities, its stored profile lists (0 means
	// DefaultTopTerms).
	TopTerms int
	// PageSize is how many items CatchUp folds per saved step (0 means
	// DefaultPageSize, at most MaxPageSize).
	PageSize int
	// TermLimit bounds the document-frequency table: the most terms kept
	// that no channel profile holds (profile.Corpus.SetTermLimit; 0 means
	// profile.DefaultTermLimit, a negative value keeps every term).
	TermLimit int
	// Rest is how long CatchUp rests after each page, as a share of the
	// time the page took (0 means DefaultRest, a negative value never
	// rests).
	Rest float64
	// ReadOnly makes CatchUp fold new items into memory only, never
	// saving: for a one-off command that may run beside `vigil serve`,
	// whose profiler owns the saved state (two profilers saving to one
	// store would both add the same items' document frequencies).
	ReadOnly bool
}

// withDefaults returns c with zero fields set to their defaults, or an
// error naming the first field out of range.
func (c Config) withDefaults() (Config, error) {
	if c.Profile == (profile.Config{}) {
		c.Profile = profile.DefaultConfig()
	}
	if c.TopTerms == 0 {
		c.TopTerms = DefaultTopTerms
	}
	if c.PageSize == 0 {
		c.PageSize = DefaultPageSize
	}
	if c.TermLimit == 0 {
		c.TermLimit = profile.DefaultTermLimit
	}
	if c.Rest == 0 {
		c.Rest = DefaultRest
	}
	switch {
	case c.TopTerms < 0:
		return c, fmt.Errorf("profiler: TopTerms must not be negative, got %d", c.TopTerms)
	case c.PageSize < 0 || c.PageSize > MaxPageSize:
		return c, fmt.Errorf("profiler: PageSize must be 1 to %d, got %d", MaxPageSize, c.PageSize)
	case math.IsNaN(c.Rest) || math.IsInf(c.Rest, 0) || c.Rest > maxRest:
		return c, fmt.Errorf("profiler: Rest must be a number up to %v, got %v", maxRest, c.Rest)
	}
	if _, err := profile.NewChannel(c.Profile); err != nil {
		return c, fmt.Errorf("profiler: %w", err)
	}
	return c, nil
}
