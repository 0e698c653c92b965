package postgres

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"vigil/store/fulltext"
)

// Limits of PostgreSQL's tsvector, which the search text must respect to
// cast: a lexeme under 2 KB (MAXSTRLEN), at most 255 positions a lexeme
// (MAXNUMPOS less one, as to_tsvector keeps), positions up to 16383
// (MAXENTRYPOS less one) and under 1 MB of lexemes in all (MAXSTRPOS).
const (
	maxLexemeBytes    = 2046
	maxPositions      = 255
	maxPosition       = 16383
	maxVectorLexBytes = 1<<20 - 1
)

// searchColumn returns the search text of an item (items.search_text,
// schemaV7) from its folded title and body, computed here rather than by
// the server (migration 9): the lexemes of the title with their
// positions, a line break, then the lexemes of the body that the title
// lacks, without positions, each in the input syntax of tsvector.
//
// The lexemes are the words of fulltext.Words that hold a letter or a
// digit, the rule of the embedded store's FTS5 tokenizer and of the
// queries' words (fulltext.ParseQuery), so that both stores find the same
// items: PostgreSQL's own parser, used before, read "example.com/path",
// "1.5" or "e-mail" as words of their own that no query word could match. A
// word's position is its place among the title's words, from 1. Words too
// long for a lexeme are left out, as to_tsvector leaves them out, and so are
// the body's lexemes past the vector's size limit (the title's count first).
// Lexemes are written in byte order, the order of a tsvector's lexemes.
func searchColumn(foldedTitle, foldedBody string) string {
	title := titleLexemes(foldedTitle)
	budget := maxVectorLexBytes
	var b strings.Builder
	names := make([]string, 0, len(title))
	for w := range title {
		names = append(names, w)
	}
	slices.Sort(names)
	for i, w := range names {
		if budget -= len(w); budget < 0 {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		writeLexeme(&b, w)
		b.WriteByte(':')
		for j, pos := range title[w] {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(pos))
		}
	}
	b.WriteByte('\n')
	body := bodyLexemes(foldedBody, title)
	for i, w := range body {
		if budget -= len(w); budget < 0 {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		writeLexeme(&b, w)
	}
	return b.String()
}

// titleLexemes returns the lexemes of a folded title with their positions.
func titleLexemes(folded string) map[string][]int {
	lexemes := map[string][]int{}
	for i, w := range indexWords(folded) {
		pos := min(i+1, maxPosition)
		at := lexemes[w]
		if len(at) < maxPositions && (len(at) == 0 || at[len(at)-1] != pos) {
			lexemes[w] = append(at, pos)
		}
	}
	return lexemes
}

// bodyLexemes returns the distinct lexemes of a folded body that are not
// in title, in byte order.
func bodyLexemes(folded string, title map[string][]int) []string {
	words := indexWords(folded)
	slices.Sort(words)
	words = slices.Compact(words)
	return slices.DeleteFunc(words, func(w string) bool {
		_, inTitle := title[w]
		return inTitle
	})
}

// indexWords returns the words of folded text that are indexed, in order.
func indexWords(folded string) []string {
	words := fulltext.Words(folded)
	return slices.DeleteFunc(words, func(w string) bool { return !indexable(w) })
}

// indexable reports whether a word is a lexeme: it holds a letter or a
// digit (as a query's words do) and fits a tsvector.
func indexable(w string) bool {
	return len(w) <= maxLexemeBytes && strings.IndexFunc(w, func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsNumber(r)
	}) >= 0
}

// writeLexeme writes a lexeme in the input syntax of tsvector: as it is
// when it holds only letters and digits, which that syntax reads as they
// are, else quoted, with its quotes doubled and backslashes escaped.
func writeLexeme(b *strings.Builder, w string) {
	if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }) < 0 {
		b.WriteString(w)
		return
	}
	b.WriteByte('\'')
	for _, r := range w {
		switch r {
		case '\'':
			b.WriteString("''")
		case '\\':
			b.WriteString(`\\`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
}

// vectorLiteral writes words as a tsvector without positions, for a
// query's words.
func vectorLiteral(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		writeLexeme(&b, w)
	}
	return b.String()
}
