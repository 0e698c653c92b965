package text

import (
	"unicode"
	"unicode/utf8"
)

// maxTokenRunes is the length, in characters, beyond which a token is taken
// for something other than a word (a hash, an encoded blob) and dropped.
const maxTokenRunes = 50

// Analyzer turns plain text and feed items into profile terms. It keeps a
// bounded word-to-stem cache and scratch buffers between calls, so it is not
// safe for concurrent use: give each goroutine its own Analyzer.
type Analyzer struct {
	language string
	stem     func(word string, stemStopWords bool) string
	stop     map[string]struct{}
	// window is the affinity window; 0 when affinities are off.
	window int
	cache  stemCache
	tokens tokenizer
	// kept holds the terms of the text being analysed, with positions.
	kept []keptWord
	// pos is the position the next token takes.
	pos int
	// plain is scratch space for Document.
	plain []byte
	// ids, names, stemCount and keptIDs number the distinct stems of the
	// text for Count; pairs counts its affinities by stem ids.
	ids       map[string]uint32
	names     []string
	stemCount []int
	keptIDs   []uint32
	pairs     map[uint64]int
}

// keptWord is a word that survived stop-word removal: its stem and its
// position in the token stream.
type keptWord struct {
	stem string
	pos  int
}

// NewAnalyzer returns an Analyzer configured by c, or an error naming the
// first field of c that is out of range.
func NewAnalyzer(c Config) (*Analyzer, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	c = c.withDefaults()
	a := &Analyzer{
		language: c.Language,
		stem:     stemmerOf(c.Language),
		stop:     stopWords()[c.Language],
		window:   c.AffinityWindow,
		cache:    newStemCache(c.CacheSize),
	}
	if c.NoAffinities {
		a.window = 0
	}
	return a, nil
}

// Language returns the Snowball language the Analyzer stems for.
func (a *Analyzer) Language() string {
	return a.language
}

// Terms appends the terms of plain text to dst and returns the extended
// slice.
//
// Tokens are maximal runs of Unicode letters and decimal digits, with the
// combining marks that follow them, lower-cased and normalised to NFC. A
// run of CJK letters (Han, Hiragana, Katakana, Hangul) is a token of its
// own, split from adjacent letters of other scripts and digits, and is not
// segmented into words. An apostrophe (' or U+2019) between two token
// characters stays inside the token; such a token ("don't", "l'homme") is
// first looked up whole in the stop list, and if it is not a stop word it
// is split at its apostrophes into parts that are tokens in their own right
// ("john's" gives "john" and "s").
//
// Every token takes one position. Stop words, one-character tokens (single
// letters and digits) and tokens longer than 50 characters are dropped but
// keep their positions. Numbers of two digits or more ("2026") and CJK runs
// are kept as they are; every other token is replaced by its Snowball stem
// (kept as it is in a language without a stemmer, see Language).
//
// After the stems, in text order, come the lexical affinities: for each
// pair of kept words whose positions differ by 1 to AffinityWindow, the two
// stems sorted and joined by one space ("run test"), unless they are equal.
// Affinities are ordered by their second word, then by their first.
// Duplicates are kept: they are term frequencies. Every affinity is a
// string of its own, so holding on to one keeps no other memory alive.
func (a *Analyzer) Terms(dst []string, text string) []string {
	a.start()
	a.scan(text)
	return a.emit(dst)
}

// Document appends the terms of a feed item to dst: the Terms of its
// plain-text title, a space, and PlainText(htmlBody).
func (a *Analyzer) Document(dst []string, title, htmlBody string) []string {
	a.plain = append(a.plain[:0], title...)
	a.plain = append(a.plain, ' ')
	a.plain = appendPlainText(a.plain, htmlBody)
	return a.Terms(dst, string(a.plain))
}

// start forgets the words of the previous text.
func (a *Analyzer) start() {
	a.kept = a.kept[:0]
	a.pos = 0
}

// scan tokenizes text and keeps its words with their positions.
func (a *Analyzer) scan(text string) {
	a.tokens.reset(text)
	for a.tokens.next() {
		tok := a.tokens.tok
		if a.tokens.apostrophes > 0 {
			a.compound(tok)
			continue
		}
		a.word(tok)
	}
}

// compound handles a token with inner apostrophes: one stop word as a
// whole, otherwise its parts one by one.
func (a *Analyzer) compound(tok []byte) {
	if _, stop := a.stop[string(tok)]; stop {
		a.pos++
		return
	}
	for len(tok) > 0 {
		end := 0
		for end < len(tok) && tok[end] != '\'' {
			end++
		}
		a.word(tok[:end])
		tok = tok[min(end+1, len(tok)):]
	}
}

// word gives w the next position and keeps its term, if it has one.
func (a *Analyzer) word(w []byte) {
	pos := a.pos
	a.pos++
	if len(w) < 2 {
		return
	}
	if n := utf8.RuneCount(w); n < 2 || n > maxTokenRunes {
		return
	}
	term, ok := a.cache.get(w)
	if !ok {
		key := string(w)
		term = a.term(key)
		a.cache.put(key, term)
	}
	if term != "" {
		a.kept = append(a.kept, keptWord{stem: term, pos: pos})
	}
}

// term returns the term of word, "" for a stop word.
func (a *Analyzer) term(word string) string {
	if _, stop := a.stop[word]; stop {
		return ""
	}
	if isNumber(word) || isCJKWord(word) {
		return word
	}
	return a.stem(word, true)
}

// isNumber reports whether word is made of decimal digits only.
func isNumber(word string) bool {
	for _, r := range word {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// isCJKWord reports whether word is a CJK run.
func isCJKWord(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return isCJK(r)
}
