package text

import (
	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/french"
	"github.com/kljensen/snowball/hungarian"
	"github.com/kljensen/snowball/norwegian"
	"github.com/kljensen/snowball/russian"
	"github.com/kljensen/snowball/spanish"
	"github.com/kljensen/snowball/swedish"
)

// stemmers maps a Snowball language name to its stemmer. The second
// argument of a stemmer asks it to stem stop words too; the analyzer always
// passes true because it has removed stop words with its own lists.
var stemmers = map[string]func(word string, stemStopWords bool) string{
	English:   english.Stem,
	French:    french.Stem,
	Spanish:   spanish.Stem,
	Russian:   russian.Stem,
	Swedish:   swedish.Stem,
	Norwegian: norwegian.Stem,
	Hungarian: hungarian.Stem,
}

// resolveLanguage turns a Snowball name or a tag into a supported Snowball
// name, English when language is empty or unsupported.
func resolveLanguage(language string) string {
	if name := Language(language); name != "" {
		return name
	}
	return English
}

// stemmerOf returns the stemmer of a Snowball language name, or, for a
// language with a stop list but no stemmer here (Italian, German, Dutch,
// Portuguese, Polish), one that keeps each word as it is: such a feed's
// profile loses its function words, and its inflected forms stay distinct
// terms rather than being stemmed by the rules of another language.
func stemmerOf(language string) func(word string, stemStopWords bool) string {
	if stem, ok := stemmers[language]; ok {
		return stem
	}
	return unstemmed
}

// unstemmed is the stemmer of languages without one: the word itself.
func unstemmed(word string, _ bool) string { return word }
