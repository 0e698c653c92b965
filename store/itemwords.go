package store

import (
	"slices"
	"sort"
	"strings"

	"vigil"
	"vigil/store/fulltext"
)

// ItemWords are the lower-cased words of an item's title and text,
// indexed so that a rule's term is looked up in time logarithmic in the
// item's length rather than by reading the whole item for each term.
type ItemWords struct {
	words []string
	// title is how many of words are the title's: a phrase lies within the
	// title or within the text, never across them, as the search index
	// holds the two apart.
	title int
	// order holds the positions of words sorted by word, then position.
	order []int32
	// first holds, for each distinct word, where its positions start in
	// order: a word is found by hashing rather than by searching.
	first map[string]int32
	// distinct are the distinct words in order, which a prefix is searched
	// among.
	distinct []string
}

// NewItemWords splits an item's title and text into words and indexes
// them.
func NewItemWords(it vigil.Item) *ItemWords {
	title := fulltext.Words(strings.ToLower(it.Title))
	words := append(title, fulltext.Words(strings.ToLower(fulltext.Body(it.Summary, it.Content)))...)
	order := make([]int32, len(words))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := strings.Compare(words[a], words[b]); c != 0 {
			return c
		}
		return int(a - b)
	})
	first := make(map[string]int32, len(order))
	distinct := make([]string, 0, len(order))
	for k, p := range order {
		if w := words[p]; k == 0 || w != words[order[k-1]] {
			first[w] = int32(k)
			distinct = append(distinct, w)
		}
	}
	return &ItemWords{words: words, title: len(title), order: order, first: first, distinct: distinct}
}

// Has reports whether the words hold a term whose words are lower-cased:
// its words next to each other in order, the last one matching any word
// it begins when the term is a prefix.
func (w *ItemWords) Has(t fulltext.Term) bool {
	if len(t.Words) == 0 {
		return false
	}
	first := t.Words[0]
	if len(t.Words) == 1 && t.Prefix {
		k := sort.SearchStrings(w.distinct, first)
		return k < len(w.distinct) && strings.HasPrefix(w.distinct[k], first)
	}
	k, ok := w.first[first]
	if !ok || len(t.Words) == 1 {
		return ok // a word alone is where it is found
	}
	for ; int(k) < len(w.order) && w.words[w.order[k]] == first; k++ {
		if w.phraseAt(int(w.order[k]), t) {
			return true
		}
	}
	return false
}

// phraseAt reports whether the term's words start at position p.
func (w *ItemWords) phraseAt(p int, t fulltext.Term) bool {
	end := p + len(t.Words)
	if p < w.title && end > w.title {
		return false
	}
	return end <= len(w.words) && fulltext.HasPhrase(w.words[p:end], t.Words, t.Prefix)
}
