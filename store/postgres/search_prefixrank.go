package postgres

import (
	"strconv"
	"strings"

	"vigil/store/fulltext"
)

// prefixRank is searchRank for a query with a prefix word (del*), without
// casting an item's whole search text where it can (casting ~1.2 KB of text
// costs ~40 µs an item). ts_rank reads only the entries of the vector the
// query's operands match. A prefix P matches every lexeme that begins with
// it: in the title's part, lexemes with positions; in the body's part,
// lexemes without positions, which ts_rank counts alike (one entry of
// weight D each, whatever the lexeme), so that only their number matters
// where no title lexeme begins with P. That number is counted in the
// item's text (bodyLexemesBeginning). The item is then ranked by the vector
// of its title's part, the query's other words without positions (as
// searchRank does) and that many stand-in lexemes for each prefix: P, a
// control character and a number, which match P and nothing else of the
// query. Where a title lexeme begins with P, the order of P's entries
// counts (ts_rank of an AND query reads the last one's positions), and
// where more than maxStandIns body lexemes do, the stand-ins run out: such
// an item is ranked by its whole vector. So is every item of a query whose
// prefixes or words overlap (one a prefix of another), whose stand-ins
// would be counted twice: ok is false for such a query.
func prefixRank(terms []fulltext.Term, q string, p *params) (rank string, ok bool) {
	prefixes, plain := splitPrefixes(terms)
	if overlap(prefixes, plain) {
		return "", false
	}
	var inTitle, standIns []string
	for _, pre := range prefixes {
		w := p.add(pre) + `::text`
		inTitle = append(inTitle, `' ' || `+titleText+` LIKE '% ' || `+w+` || '%'`,
			`' ' || `+titleText+` LIKE '% ''' || `+w+` || '%'`)
		standIns = append(standIns, `(SELECT array_agg(array_to_tsvector(ARRAY(SELECT `+w+` || chr(1) || g FROM generate_series(1, k) g)) ORDER BY k)
			FROM generate_series(1, `+strconv.Itoa(maxStandIns)+`) k)[`+bodyLexemesBeginning(w)+`]`)
	}
	words := p.add(vectorLiteral(plain)) + `::tsvector`
	whole := `ts_rank(` + rankWeights + `, ` + searchVector + `, q)`
	return `COALESCE(CASE WHEN NOT (` + strings.Join(inTitle, ` OR `) + `)
		THEN ts_rank(` + rankWeights + `, setweight(` + titleText + `::tsvector, 'A') || ` + words + ` || ` +
		strings.Join(standIns, ` || `) + `, q) END, ` + whole + `)`, true
}

// maxStandIns is the most body lexemes beginning with one prefix that
// prefixRank ranks by stand-ins; an item with more is ranked by its whole
// vector.
const maxStandIns = 64

// bodyLexemesBeginning counts the lexemes of item i's body part that begin
// with the text in w, for an item none of whose title lexemes do: the
// occurrences in its search text of a space and w, or of a space, a quote
// and w (neither can overlap another, w holding no space or quote), and of
// the line break before the body's first lexeme and w, quoted or not.
// Lengths are in bytes, which PostgreSQL knows without reading the text.
func bodyLexemesBeginning(w string) string {
	const text = `i.search_text`
	count := func(lead string) string {
		return `(octet_length(` + text + `) - octet_length(replace(` + text + `, ` + lead + ` || ` + w + `, ''))) / (octet_length(` + w + `) + octet_length(` + lead + `))`
	}
	first := func(lead string) string {
		return `(strpos(` + text + `, ` + lead + ` || ` + w + `) > 0)::int`
	}
	return count(`' '`) + ` + ` + count(`' '''`) + ` + ` + first(`E'\n'`) + ` + ` + first(`E'\n'''`)
}

// splitPrefixes returns the prefix words of terms, whose words are
// lexemes (the last word of a prefix term), and their other words.
func splitPrefixes(terms []fulltext.Term) (prefixes, plain []string) {
	for _, t := range terms {
		for j, w := range t.Words {
			if t.Prefix && j == len(t.Words)-1 {
				prefixes = append(prefixes, w)
			} else {
				plain = append(plain, w)
			}
		}
	}
	return prefixes, plain
}

// overlap reports whether a prefix begins another prefix or a word (or is
// empty).
func overlap(prefixes, plain []string) bool {
	for i, pre := range prefixes {
		if pre == "" {
			return true
		}
		for j, other := range prefixes {
			if i != j && strings.HasPrefix(other, pre) {
				return true
			}
		}
		for _, w := range plain {
			if strings.HasPrefix(w, pre) {
				return true
			}
		}
	}
	return false
}
