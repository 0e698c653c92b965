package text

import "fmt"

// Defaults applied by NewAnalyzer to zero fields of Config.
const (
	// DefaultAffinityWindow is the affinity window used when
	// Config.AffinityWindow is 0.
	DefaultAffinityWindow = 5
	// DefaultCacheSize is the stem cache size used when Config.CacheSize
	// is 0.
	DefaultCacheSize = 1 << 16
)

// Config configures an Analyzer; its zero value is usable: English, lexical
// affinities within 5 positions and a cache of 65536 stems.
type Config struct {
	// Language is a Snowball language name ("english", "french", ...) or a
	// feed's language tag ("fr-CA"), resolved with Language. Empty or
	// unsupported means English: most feeds without a usable language are
	// English, and English stemming leaves other languages' words nearly
	// intact, so their terms still match each other.
	Language string
	// AffinityWindow is the largest distance, in token positions (stop
	// words included), between the two words of a lexical affinity; 0 means
	// DefaultAffinityWindow.
	AffinityWindow int
	// NoAffinities turns lexical affinities off: terms are stems only.
	NoAffinities bool
	// CacheSize bounds the word-to-stem cache, in entries; 0 means
	// DefaultCacheSize.
	CacheSize int
}

// validate reports the first field of c that is out of range.
func (c Config) validate() error {
	if c.AffinityWindow < 0 {
		return fmt.Errorf("text: AffinityWindow must not be negative, got %d", c.AffinityWindow)
	}
	if c.CacheSize < 0 {
		return fmt.Errorf("text: CacheSize must not be negative, got %d", c.CacheSize)
	}
	return nil
}

// withDefaults returns c with its zero fields replaced by the defaults and
// its language resolved to a Snowball name.
func (c Config) withDefaults() Config {
	c.Language = resolveLanguage(c.Language)
	if c.AffinityWindow == 0 {
		c.AffinityWindow = DefaultAffinityWindow
	}
	if c.CacheSize == 0 {
		c.CacheSize = DefaultCacheSize
	}
	return c
}
