package postgres

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"vigil/store/fulltext"
)

// Limits of PostgreSQL's tsvector, which the search text must respect to
// cast: a lexeme of at most 2047 bytes (under MAXSTRLEN's 2 KB), at most
// 255 positions a lexeme (MAXNUMPOS less one, as to_tsvector keeps),
// positions up to 16383 (MAXENTRYPOS less one) and under 1 MB of lexemes
// and their positions (MAXSTRPOS).
const (
	maxLexemeBytes = 2047
	maxPositions   = 255
	maxPosition    = 16383
	maxVectorBytes = 1<<20 - 1
)

// searchColumn returns the search text of an item (items.search_text,
// schemaV7) from its folded title and body, computed here rather than by
// the server (migration 9): the lexemes of the title with their
// positions, a line break, then the lexemes of the body that the title
// part lacks, without positions, each in the input syntax of tsvector.
//
// The lexemes are the runs of letters and digits of the folded text
// (lexemes), the words FTS5's unicode61 tokenizer indexes in the embedded
// store, so that both stores find the same items: PostgreSQL's own parser,
// used before, read "example.com/path", "1.5" or "e-mail" as words of
// their own that no query word could match. A query's words are split the
// same way (lexemeTerms). A lexeme's position is its place among the
// title's lexemes, from 1. Lexemes too long for a tsvector are left out,
// as to_tsvector leaves them out, and so are those past the vector's size
// limit, the title's counted first with their positions (a lexeme cut from
// the title part goes to the body part if it fits there). Lexemes are
// written in byte order, the order of a tsvector's lexemes.
func searchColumn(foldedTitle, foldedBody string) string {
	var b strings.Builder
	budget := maxVectorBytes
	written := writeTitle(&b, titleLexemes(foldedTitle), &budget)
	b.WriteByte('\n')
	first := true
	for _, w := range bodyLexemes(foldedBody) {
		if _, inTitle := written[w]; inTitle {
			continue
		}
		if len(w) > budget {
			break
		}
		budget -= len(w)
		if !first {
			b.WriteByte(' ')
		}
		first = false
		writeLexeme(&b, w)
	}
	return b.String()
}

// writeTitle writes the title's lexemes with their positions in byte
// order while budget lasts, each costing what it takes in a tsvector (its
// bytes, an alignment byte, a 2-byte count and 2 bytes a position), and
// returns the lexemes written.
func writeTitle(b *strings.Builder, title map[string][]int, budget *int) map[string]struct{} {
	names := make([]string, 0, len(title))
	for w := range title {
		names = append(names, w)
	}
	slices.Sort(names)
	written := make(map[string]struct{}, len(names))
	for _, w := range names {
		pos := title[w]
		cost := len(w) + 3 + 2*len(pos)
		if cost > *budget {
			break
		}
		*budget -= cost
		if len(written) > 0 {
			b.WriteByte(' ')
		}
		written[w] = struct{}{}
		writeLexeme(b, w)
		b.WriteByte(':')
		for j, p := range pos {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(p))
		}
	}
	return written
}

// titleLexemes returns the lexemes of a folded title with their positions.
func titleLexemes(folded string) map[string][]int {
	found := map[string][]int{}
	for i, w := range indexWords(folded) {
		pos := min(i+1, maxPosition)
		at := found[w]
		if len(at) < maxPositions && (len(at) == 0 || at[len(at)-1] != pos) {
			found[w] = append(at, pos)
		}
	}
	return found
}

// bodyLexemes returns the distinct lexemes of a folded body, in byte
// order.
func bodyLexemes(folded string) []string {
	words := indexWords(folded)
	slices.Sort(words)
	return slices.Compact(words)
}

// indexWords returns the lexemes of folded text that fit a tsvector, in
// order.
func indexWords(folded string) []string {
	return slices.DeleteFunc(lexemes(folded), func(w string) bool { return len(w) > maxLexemeBytes })
}

// lexemes splits folded text into its runs of letters and digits: the
// tokens of FTS5's unicode61 tokenizer, which takes letters, numbers and
// private-use characters as token characters and everything else,
// combining marks that folding left included, as separators.
func lexemes(folded string) []string {
	return strings.FieldsFunc(folded, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.Is(unicode.Co, r)
	})
}

// lexemeTerms returns the terms of a query with each term's words folded
// and split into lexemes as an item's text is (a word that holds marks or
// symbols may give several, which then form a phrase, as in FTS5), and
// false when a lexeme is too long for any item to hold it.
func lexemeTerms(terms []fulltext.Term) ([]fulltext.Term, bool) {
	out := make([]fulltext.Term, 0, len(terms))
	for _, t := range terms {
		var words []string
		for _, w := range t.Words {
			words = append(words, lexemes(fold(w))...)
		}
		for _, w := range words {
			if len(w) > maxLexemeBytes {
				return nil, false
			}
		}
		if len(words) > 0 {
			out = append(out, fulltext.Term{Words: words, Prefix: t.Prefix})
		}
	}
	return out, true
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
