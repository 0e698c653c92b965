package text

import (
	"math/bits"
	"strings"
	"sync"
	"unicode"
)

// Thresholds of DetectLanguage.
const (
	// DetectMinStopWords is how many of a language's stop words a text
	// must contain before DetectLanguage names that language.
	DetectMinStopWords = 3
	// DetectMinShare is the smallest share of a text's words that must be
	// the named language's stop words: function words make up a third or
	// more of running text in each of the languages with a stop list, while a list of
	// names or numbers has few.
	DetectMinShare = 0.1
)

// detectOrder is the order in which DetectLanguage weighs the languages;
// on a tie the first wins.
var detectOrder = []string{
	English, French, Spanish, Russian, Swedish, Norwegian, Hungarian,
	Italian, German, Dutch, Portuguese, Polish,
}

// detectSet is a set of languages, as bits of their places in detectOrder;
// detectOrder may hold at most 16 languages (TestDetectOrderFits).
type detectSet = uint16

// stopLanguages maps each stop word to the languages, as bits of their
// places in detectOrder, whose stop word it is: one lookup per word. It is
// built on first use.
var stopLanguages = sync.OnceValue(func() map[string]detectSet {
	m := make(map[string]detectSet)
	for i, lang := range detectOrder {
		for w := range stopWords()[lang] {
			m[w] |= 1 << i
		}
	}
	return m
})

// DetectLanguage guesses the language of a plain text from its function
// words, for feeds that declare none: it counts, for each of the
// languages with stop-word lists, how many of the text's words are that
// language's stop words, and returns the Snowball name of the language
// with most, the first in the order English, French, Spanish, Russian,
// Swedish, Norwegian, Hungarian, Italian, German, Dutch, Portuguese,
// Polish on a tie. It returns "" when no language
// has DetectMinStopWords of them making DetectMinShare of the words.
func DetectLanguage(text string) string {
	words := strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(text, "\u2019", "'")), notDetectRune)
	var counts [16]int
	languages := stopLanguages()
	for _, w := range words {
		for set := languages[w]; set != 0; set &= set - 1 {
			counts[bits.TrailingZeros16(set)]++
		}
	}
	best, hits := "", 0
	for i, lang := range detectOrder {
		if counts[i] > hits {
			best, hits = lang, counts[i]
		}
	}
	if hits < DetectMinStopWords || float64(hits) < DetectMinShare*float64(len(words)) {
		return ""
	}
	return best
}

// notDetectRune reports whether r separates the words DetectLanguage
// counts: anything but letters, combining marks and the apostrophe.
func notDetectRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && r != '\''
}
