package fulltext

import (
	"strings"
	"unicode"
)

// Words splits text into its words: the runs of letters, digits and marks,
// everything else separating them (the rule of FTS5's unicode61 tokenizer
// and of ParseQuery).
func Words(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r)
	})
}

// HasPhrase reports whether words, split from a text by Words, hold the
// words of phrase next to each other in order, the last one matching any
// word it begins when prefix is set. Words are compared as they are: fold
// both sides the same way first.
func HasPhrase(words, phrase []string, prefix bool) bool {
	if len(phrase) == 0 {
		return false
	}
	for i := 0; i+len(phrase) <= len(words); i++ {
		if phraseAt(words[i:i+len(phrase)], phrase, prefix) {
			return true
		}
	}
	return false
}

// phraseAt reports whether window, as long as phrase, matches it.
func phraseAt(window, phrase []string, prefix bool) bool {
	last := len(phrase) - 1
	for j, w := range phrase {
		if j == last && prefix {
			if !strings.HasPrefix(window[j], w) {
				return false
			}
		} else if window[j] != w {
			return false
		}
	}
	return true
}
