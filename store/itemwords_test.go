package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"vigil"
	"vigil/store/fulltext"
)

// TestItemWordsAgreesWithScan checks the indexed look-up against reading
// the words in order (fulltext.HasPhrase) on random items and terms over a
// small vocabulary, so that words repeat and prefixes overlap.
func TestItemWordsAgreesWithScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"a", "ab", "abc", "b", "ba", "launch", "launchpad", "rocket", "x"}
	pick := func(n int) []string {
		w := make([]string, n)
		for i := range w {
			w[i] = vocab[rng.IntN(len(vocab))]
		}
		return w
	}
	for range 2000 {
		text := strings.Join(pick(rng.IntN(12)), " ")
		w := NewItemWords(vigil.Item{Title: text})
		term := fulltext.Term{Words: pick(1 + rng.IntN(3)), Prefix: rng.IntN(2) == 0}
		want := fulltext.HasPhrase(fulltext.Words(text), term.Words, term.Prefix)
		if got := w.Has(term); got != want {
			t.Fatalf("text %q, term %+v: Has = %v, want %v", text, term, got, want)
		}
	}
}

// TestItemWordsPhraseStaysInOneField checks that a phrase matches within
// the title or within the text but not across the two, as search does.
func TestItemWordsPhraseStaysInOneField(t *testing.T) {
	item := vigil.Item{Title: "Item 33 launch rocket", Content: "<p>launch of a rocket, orbital</p>"}
	w := NewItemWords(item)
	tests := []struct {
		words  []string
		prefix bool
		want   bool
	}{
		{[]string{"rocket", "launch"}, false, false}, // title's last word, text's first
		{[]string{"rocket", "la"}, true, false},
		{[]string{"launch", "rocket"}, false, true}, // within the title
		{[]string{"launch", "of"}, false, true},     // within the text
		{[]string{"rocket", "orbit"}, true, true},
		{[]string{"33", "launch", "rocket"}, false, true},
		{[]string{"rocket"}, false, true},
	}
	for _, tc := range tests {
		if got := w.Has(fulltext.Term{Words: tc.words, Prefix: tc.prefix}); got != tc.want {
			t.Errorf("%v (prefix %v) in %q / %q: %v, want %v", tc.words, tc.prefix, item.Title, item.Content, got, tc.want)
		}
	}
}

// TestRuleCache checks that a rule is compiled once per text: the same
// text serves the same compiled query, a new text (an edited rule) a new
// one, and Forget drops it.
func TestRuleCache(t *testing.T) {
	c := NewRuleCache()
	a := c.Compile(1, "launch")
	if c.Compile(1, "launch") != a {
		t.Error("the same rule and text compiled twice")
	}
	b := c.Compile(1, "eclipse")
	if b == a || !b.Matches(NewItemWords(vigil.Item{Title: "Eclipse"})) || b.Matches(NewItemWords(vigil.Item{Title: "launch"})) {
		t.Error("an edited rule kept its old compiled query")
	}
	c.Forget(1)
	if c.Len() != 0 {
		t.Errorf("Len after Forget = %d, want 0", c.Len())
	}
	for i := range maxCachedRules + 5 {
		c.Compile(int64(i), "launch")
	}
	if c.Len() > maxCachedRules {
		t.Errorf("Len = %d, over the bound %d", c.Len(), maxCachedRules)
	}
}
