package profiler

import (
	"fmt"
	"time"

	"vigil/profile"
)

// Defaults applied by New to zero fields of Config.
const (
	// DefaultTopTerms is how many of its heaviest stems, and as many of
	// its heaviest lexical affinities, a stored profile keeps.
	DefaultTopTerms = 20
	// DefaultPageSize is how many items CatchUp reads, folds and saves in
	// one step: large, since a catch-up over a backlog saves each changed
	// channel and the document frequencies once per page.
	DefaultPageSize = 5000
	// MaxPageSize is the largest page the store hands out at once.
	MaxPageSize = 5000
	// DefaultEvery is how often Run catches up.
	DefaultEvery = 30 * time.Second
)

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
	switch {
	case c.TopTerms < 0:
		return c, fmt.Errorf("profiler: TopTerms must not be negative, got %d", c.TopTerms)
	case c.PageSize < 0 || c.PageSize > MaxPageSize:
		return c, fmt.Errorf("profiler: PageSize must be 1 to %d, got %d", MaxPageSize, c.PageSize)
	}
	if _, err := profile.NewChannel(c.Profile); err != nil {
		return c, fmt.Errorf("profiler: %w", err)
	}
	return c, nil
}
