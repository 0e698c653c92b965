package sqlite

import (
	"strings"
	"unicode"

	"vigil"
)

// ftsQuery turns what a person typed into an FTS5 query that matches the
// items containing every word: words, words ending in * (any word with that
// prefix) and "double-quoted phrases" (the words next to each other; a
// quote left open runs to the end). Each becomes a quoted FTS5 string that
// holds only letters, digits, marks and spaces, so no input can use FTS5's
// operators, column filters or other syntax, or make a syntax error:
// everything else separates words, as the index's tokenizer does. Text with
// no letter or digit is EINVALID.
func ftsQuery(text string) (string, error) {
	var parts []string
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
		if s, ok := ftsString(chunk, prefix); ok {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return "", vigil.Errorf(vigil.EINVALID, "search query %q has no word to search for", shorten(text, 60))
	}
	return strings.Join(parts, " "), nil
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

// ftsString quotes the words of chunk as one FTS5 string, a prefix query
// when prefix is set, and reports false when chunk has no word.
func ftsString(chunk string, prefix bool) (string, bool) {
	words := strings.FieldsFunc(chunk, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r)
	})
	kept := words[:0]
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0 {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return "", false
	}
	s := `"` + strings.Join(kept, " ") + `"`
	if prefix {
		s += "*"
	}
	return s, true
}

// shorten cuts s to at most n characters, marking the cut with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
