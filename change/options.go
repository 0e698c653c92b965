package change

import (
	"fmt"
	"net/url"
	"regexp"

	"github.com/andybalholm/cascadia"
	"github.com/antchfx/xpath"
	"github.com/itchyny/gojq"

	"vigil/text"
)

// ExtractOptions says what part of a page is watched and how it is read.
// The zero value watches the whole page.
type ExtractOptions struct {
	// Selector is a CSS selector; when set only the elements it matches
	// are watched (beyond Glance et al.: changedetection.io-style regions).
	// A selector that matches nothing is an error (ErrNoMatch), and so is
	// one given a document read as JSON (ErrQueryMisfit: see JQ).
	Selector string
	// XPath is an XPath 1.0 expression; when set only the nodes it
	// selects are watched, as with Selector (with both set, the elements
	// of either are watched). An expression whose value is a number, a
	// string or a boolean watches that value as one line of text. One
	// that selects nothing is an error (ErrNoMatch), and so is one given
	// a document read as JSON (ErrQueryMisfit). Its evaluation is bounded
	// (MaxXPathSteps, XPathTimeout).
	XPath string
	// JQ is a jq program run over a JSON document (gojq's dialect); when
	// set only its results are watched, each one line of text (a string
	// as it is, anything else as compact JSON). A document is JSON when
	// served as a JSON type, or when its body parses as JSON and it is
	// served as any text/* type or application/octet-stream (as many
	// APIs serve JSON). A body that is not JSON is an error
	// (ErrQueryMisfit); a program with no result watches nothing.
	JQ string
	// Ignore holds regular expressions (Go syntax); text lines matching
	// any of them (a visitor counter, a clock) are left out of every
	// measure and shown unmarked in the diff view.
	Ignore []string
	// Noise names blocks (Line.Block) learned to change at nearly every
	// fetch (see NoiseLearner); they are left out of the measures and
	// shown as noise in the diff view.
	Noise []string
	// NoiseNumbers names blocks whose numbers, dates and times were
	// learned to change at nearly every fetch while their other words
	// stay put (a counter, "Updated 12:03"): those tokens are left out of
	// the blocks' watched text (maskNumbers), the other words still count.
	NoiseNumbers []string
	// NoiseValues names the values a block was learned to alternate among,
	// each "block\tvalue" (the value's BlockValue): a block showing one of
	// them is left out like a noise block; any other value of it counts.
	NoiseValues []string
	// NoiseParams are query parameters learned to rotate in links whose
	// anchor text stays the same (cache-busters, session tokens): they
	// are left out of link targets.
	NoiseParams []string
	// Trackers leaves the well-known tracking parameters (TrackerParam)
	// out of link targets.
	Trackers bool
	// Base is the page's URL, against which relative links and image
	// sources are resolved; empty leaves them as written.
	Base string
	// Analyzer is the text analyzer for tokens and phrases; nil uses a new
	// one from NewAnalyzer for the call. An Analyzer is not safe for
	// concurrent use: share one only within one goroutine.
	Analyzer *text.Analyzer
	// MaxKept bounds the memory of the lines Extract keeps (their HTML
	// and text and the lines themselves); 0 means DefaultMaxKept. See
	// Document.Capped.
	MaxKept int
}

// DefaultPhraseWindow is the lexical-affinity window NewAnalyzer uses for
// phrases. Glance et al. count noun phrases (from a linguistic server);
// vigil, with no well-kept Go chunker, counts lexical affinities (package
// text): pairs of stems at most this many positions apart, stop words
// holding their positions. Noun phrases are short, adjacent words ("battery
// charger") or two nouns around a preposition ("price of delivery"), so
// the window is 2, not the 5 channel profiles use.
const DefaultPhraseWindow = 2

// NewAnalyzer returns an English text analyzer whose terms are the tokens
// and phrases of Extract: stems, and affinities within
// DefaultPhraseWindow (window ≥ 1 sets another window). A language may
// be given as a Snowball name or a language tag.
func NewAnalyzer(language string, window int) (*text.Analyzer, error) {
	if window < 1 {
		window = DefaultPhraseWindow
	}
	a, err := text.NewAnalyzer(text.Config{Language: language, AffinityWindow: window, CacheSize: 1 << 14})
	if err != nil {
		return nil, fmt.Errorf("change: unable to build the text analyzer: %v", err)
	}
	return a, nil
}

// extractor is ExtractOptions compiled for one call.
type extractor struct {
	selector cascadia.SelectorGroup
	xpath    *xpath.Expr
	jq       *gojq.Code
	ignore   []*regexp.Regexp
	noise    map[string]bool
	numbers  map[string]bool
	values   map[string]bool
	// valueBlocks are the blocks named in values.
	valueBlocks map[string]bool
	params      map[string]bool
	trackers    bool
	base        *url.URL
	analyzer    *text.Analyzer
	selText     string
	maxKept     int
	maxWords    int
	xpText      string
	jqText      string
	// source tokenizes a whole page (no selector): newScanSource, or in
	// the tests the Tokenizer it matches.
	source func(page []byte) tokenSource
}

// compile checks and compiles the options.
func (o ExtractOptions) compile() (*extractor, error) {
	x := &extractor{selText: o.Selector, source: newScanSource, maxKept: o.MaxKept, maxWords: DefaultMaxWords}
	if o.MaxKept < 0 {
		return nil, fmt.Errorf("change: MaxKept must not be negative, got %d", o.MaxKept)
	}
	if x.maxKept == 0 {
		x.maxKept = DefaultMaxKept
	}
	if o.Selector != "" {
		sel, err := parseSelector(o.Selector)
		if err != nil {
			return nil, err
		}
		x.selector = sel
	}
	if err := x.compileQueries(o); err != nil {
		return nil, err
	}
	for _, p := range o.Ignore {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("change: invalid ignore rule %q: %v", p, err)
		}
		x.ignore = append(x.ignore, re)
	}
	x.noise, x.numbers = setOf(o.Noise), setOf(o.NoiseNumbers)
	x.values, x.params, x.trackers = setOf(o.NoiseValues), setOf(o.NoiseParams), o.Trackers
	for k := range x.values {
		if x.valueBlocks == nil {
			x.valueBlocks = map[string]bool{}
		}
		b, _ := splitValueKey(k)
		x.valueBlocks[b] = true
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
		a, err := NewAnalyzer("", 0)
		if err != nil {
			return nil, err
		}
		x.analyzer = a
	}
	return x, nil
}

// filtered reports whether anything is removed from the page before
// measuring, so the digest must be of the watched lines, not the bytes.
func (x *extractor) filtered() bool {
	return x.selector != nil || x.xpath != nil || x.jq != nil || len(x.ignore) > 0 || len(x.noise) > 0 ||
		len(x.numbers) > 0 || len(x.values) > 0
}

// setOf returns the set of the strings in list, nil when there are none.
func setOf(list []string) map[string]bool {
	if len(list) == 0 {
		return nil
	}
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
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
