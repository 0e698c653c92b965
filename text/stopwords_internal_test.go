package text

import (
	"strings"
	"testing"
)

// TestStopListsCanonical checks every word of every stop list: it appears
// once, and the analyzer of its language drops it, which holds only if the
// word is written the way tokens are (lower case, NFC, ASCII apostrophe).
func TestStopListsCanonical(t *testing.T) {
	lists := map[string]string{
		English: englishStopWords, French: frenchStopWords, Spanish: spanishStopWords,
		Russian: russianStopWords, Swedish: swedishStopWords,
		Norwegian: norwegianStopWords, Hungarian: hungarianStopWords,
		Italian: italianStopWords, German: germanStopWords, Dutch: dutchStopWords,
		Portuguese: portugueseStopWords, Polish: polishStopWords,
	}
	for lang, list := range lists {
		a, err := NewAnalyzer(Config{Language: lang, NoAffinities: true})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, w := range strings.Fields(list) {
			if seen[w] {
				t.Errorf("%s: %q listed twice", lang, w)
			}
			seen[w] = true
			if got := a.Terms(nil, w); len(got) != 0 {
				t.Errorf("%s: stop word %q gives terms %q", lang, w, got)
			}
		}
		if len(seen) < 60 {
			t.Errorf("%s: only %d stop words", lang, len(seen))
		}
	}
}
