package profiler

import (
	"context"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"vigil"
	"vigil/store"
	"vigil/text"
)

// analyzers holds one text.Analyzer per language, made when first needed.
// Like the analyzers themselves it is not safe for concurrent use.
type analyzers map[string]*text.Analyzer

// of returns the analyzer for a feed's language tag; an empty or
// unsupported language is analysed as English (see text.Config).
func (a analyzers) of(tag string) *text.Analyzer {
	lang := text.Language(tag)
	if lang == "" {
		lang = text.English
	}
	if an, ok := a[lang]; ok {
		return an
	}
	an, err := text.NewAnalyzer(text.Config{Language: lang})
	if err != nil {
		// The zero configuration but for a language Language returned is
		// always valid; fall back to English rather than lose the item.
		an, _ = text.NewAnalyzer(text.Config{})
	}
	a[lang] = an
	return an
}

// item returns the terms of a stored item: its title, then its summary and
// content, analysed in the feed's language lang or, when the feed declares
// none that is supported, in the language text.DetectLanguage finds in the
// item's words (English when it finds none).
func (a analyzers) item(lang string, it *vigil.Item) []string {
	body := it.Summary + " " + it.Content
	if text.Language(lang) == "" {
		lang = text.DetectLanguage(it.Title + " " + text.PlainText(body))
	}
	return a.of(lang).Document(nil, it.Title, body)
}

// query returns the terms of text typed by a person, a search query or a
// reader's interests: the English analysis (stems and lexical affinities),
// then each of its own words, lower-cased and not a stop word, that the
// analysis did not already give. The words as typed find what stemming in
// English would miss: terms of channels in other languages, numbers, names.
func (a analyzers) query(q string) []string {
	terms := a.of(text.English).Terms(nil, q)
	have := make(map[string]bool, len(terms))
	for _, t := range terms {
		have[t] = true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), notWordRune) {
		if utf8.RuneCountInString(w) < 2 || have[w] || text.IsStopWord(text.English, w) {
			continue
		}
		have[w] = true
		terms = append(terms, w)
	}
	return terms
}

// notWordRune reports whether r separates words.
func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}

// analyzerPool lends analyzer sets to concurrent searches and
// recommendations.
type analyzerPool struct{ pool sync.Pool }

func (p *analyzerPool) get() analyzers {
	if a, ok := p.pool.Get().(analyzers); ok {
		return a
	}
	return analyzers{}
}

func (p *analyzerPool) put(a analyzers) { p.pool.Put(a) }

// languages caches the language tag of each feed. It is safe for
// concurrent use.
type languages struct {
	mu  sync.Mutex
	tag map[int64]string
}

// of returns the language tag of a feed, reading the feed once. A feed
// deleted meanwhile counts as having no language.
func (l *languages) of(ctx context.Context, st store.Subscribing, feedID int64) (string, error) {
	l.mu.Lock()
	tag, ok := l.tag[feedID]
	l.mu.Unlock()
	if ok {
		return tag, nil
	}
	f, err := st.Feed(ctx, feedID)
	switch {
	case vigil.ErrorCode(err) == vigil.ENOTFOUND:
	case err != nil:
		return "", err
	default:
		tag = f.Language
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tag == nil {
		l.tag = make(map[int64]string)
	}
	l.tag[feedID] = tag
	return tag, nil
}
