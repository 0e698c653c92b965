package fulltext

import (
	"strings"
	"unicode"

	"vigil"
)

// Term is one thing a query asks for: a word, or words that must occur next
// to each other (a phrase), the last one matching any word it begins when
// Prefix is set. Words hold only letters, digits and marks.
type Term struct {
	Words  []string
	Prefix bool
}

// ParseQuery turns what a person typed into the terms an item must all
// contain: words, words ending in * (any word with that prefix) and
// "double-quoted phrases" (the words next to each other; a quote left open
// runs to the end). Everything but letters, digits and marks separates
// words, as the stores' tokenizers do, so that no input can use a query
// language's operators or make a syntax error. Text with no letter or
// digit is EINVALID.
func ParseQuery(text string) ([]Term, error) {
	var terms []Term
	rest := strings.ToValidUTF8(text, " ")
	for {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		var chunk string
		var phrase bool
		chunk, rest, phrase = nextChunk(rest)
		prefix := !phrase && strings.HasSuffix(chunk, "*")
		if words := queryWords(chunk); len(words) > 0 {
			terms = append(terms, Term{Words: words, Prefix: prefix})
		}
	}
	if len(terms) == 0 {
		return nil, vigil.Errorf(vigil.EINVALID, "search query %q has no word to search for", shorten(text, 60))
	}
	return terms, nil
}

// nextChunk splits the next word or quoted phrase off s, which starts with
// neither space nor end, and reports whether it was a phrase.
func nextChunk(s string) (chunk, rest string, phrase bool) {
	if s[0] == '"' {
		chunk, rest, _ = strings.Cut(s[1:], `"`)
		return chunk, rest, true
	}
	end := strings.IndexFunc(s, func(r rune) bool { return r == '"' || unicode.IsSpace(r) })
	if end < 0 {
		return s, "", false
	}
	return s[:end], s[end:], false
}

// queryWords splits chunk into its words, keeping those with a letter or
// digit.
func queryWords(chunk string) []string {
	words := Words(chunk)
	kept := words[:0]
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0 {
			kept = append(kept, w)
		}
	}
	return kept
}

// shorten cuts s to at most n characters, marking the cut with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
