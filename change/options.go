package change

import (
	"fmt"
	"net/url"
	"regexp"

	"github.com/andybalholm/cascadia"

	"vigil/text"
)

// ExtractOptions says what part of a page is watched and how it is read.
// The zero value watches the whole page.
type ExtractOptions struct {
	// Selector is a CSS selector; when set only the elements it matches
	// are watched (beyond Glance et al.: changedetection.io-style regions).
	// A selector that matches nothing is an error (ErrNoMatch).
	Selector string
	// Ignore holds regular expressions (Go syntax); text lines matching
	// any of them (a visitor counter, a clock) are left out of every
	// measure and shown unmarked in the diff view.
	Ignore []string
	// Noise names blocks (Line.Block) learned to change at nearly every
	// fetch (see NoiseLearner); they are left out of the measures and
	// shown as noise in the diff view.
	Noise []string
	// Base is the page's URL, against which relative links and image
	// sources are resolved; empty leaves them as written.
	Base string
	// Analyzer is the text analyzer for tokens and phrases; nil uses a new
	// English one for the call. An Analyzer is not safe for concurrent
	// use: share one only within one goroutine.
	Analyzer *text.Analyzer
}

// extractor is ExtractOptions compiled for one call.
type extractor struct {
	selector cascadia.SelectorGroup
	ignore   []*regexp.Regexp
	noise    map[string]bool
	base     *url.URL
	analyzer *text.Analyzer
	selText  string
}

// compile checks and compiles the options.
func (o ExtractOptions) compile() (*extractor, error) {
	x := &extractor{selText: o.Selector}
	if o.Selector != "" {
		sel, err := cascadia.ParseGroup(o.Selector)
		if err != nil {
			return nil, fmt.Errorf("change: invalid CSS selector %q: %v", o.Selector, err)
		}
		x.selector = sel
	}
	for _, p := range o.Ignore {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("change: invalid ignore rule %q: %v", p, err)
		}
		x.ignore = append(x.ignore, re)
	}
	if len(o.Noise) > 0 {
		x.noise = make(map[string]bool, len(o.Noise))
		for _, b := range o.Noise {
			x.noise[b] = true
		}
	}
	if o.Base != "" {
		u, err := url.Parse(o.Base)
		if err != nil {
			return nil, fmt.Errorf("change: invalid base URL %q: %v", o.Base, err)
		}
		x.base = u
	}
	x.analyzer = o.Analyzer
	if x.analyzer == nil {
		a, err := text.NewAnalyzer(text.Config{CacheSize: 4096})
		if err != nil {
			return nil, fmt.Errorf("change: unable to build the text analyzer: %v", err)
		}
		x.analyzer = a
	}
	return x, nil
}

// filtered reports whether anything is removed from the page before
// measuring, so the digest must be of the watched lines, not the bytes.
func (x *extractor) filtered() bool {
	return x.selector != nil || len(x.ignore) > 0 || len(x.noise) > 0
}

// ignored reports whether a text line matches an ignore rule.
func (x *extractor) ignored(s string) bool {
	for _, re := range x.ignore {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}
