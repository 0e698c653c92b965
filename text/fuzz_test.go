package text_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"vigil/text"
)

// FuzzTerms checks that analysis never panics, that stems come before
// affinities, and that every affinity is two distinct, sorted stems that
// occur in the stem list.
func FuzzTerms(f *testing.F) {
	for _, s := range []string{
		"", "The cat chased the mouse", "don't it's John's l'homme ''a'' b'",
		"Москва 東京タワー iPhone发布 cafe\u0301", "<p>a&amp;b</p>", "x\u0301\u0301 '\u0301",
		"\xff\xfe broken utf-8", "2026 42 7 ٣٤ mp3",
	} {
		f.Add(s, "")
		f.Add(s, "ru")
		f.Add(s, "it")
	}
	f.Fuzz(func(t *testing.T, s, language string) {
		a, err := text.NewAnalyzer(text.Config{Language: language, AffinityWindow: 3, CacheSize: 8})
		if err != nil {
			t.Fatal(err)
		}
		checkTerms(t, s, a.Terms(nil, s))
		checkTerms(t, s, a.Document(nil, s, s))
	})
}

// checkTerms checks the invariants of one Terms result.
func checkTerms(t *testing.T, s string, terms []string) {
	stems := map[string]bool{}
	inAffinities := false
	for _, term := range terms {
		if !utf8.ValidString(term) || term == "" {
			t.Fatalf("Terms(%q): bad term %q", s, term)
		}
		s1, s2, isAffinity := strings.Cut(term, " ")
		if !isAffinity {
			if inAffinities {
				t.Fatalf("Terms(%q): stem %q after affinities", s, term)
			}
			stems[term] = true
			continue
		}
		inAffinities = true
		if !stems[s1] || !stems[s2] || s1 >= s2 {
			t.Fatalf("Terms(%q): affinity %q is not two sorted distinct stems", s, term)
		}
	}
}
