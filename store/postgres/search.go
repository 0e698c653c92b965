package postgres

import (
	"context"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"vigil"
	"vigil/store"
	"vigil/store/fulltext"
)

// searchVector is the search vector of item i, read from its search text:
// the expression the GIN index items_search is built on, which a query must
// repeat as it is for the index to serve it.
const searchVector = `(setweight(split_part(i.search_text, E'\n', 1)::tsvector, 'A') || split_part(i.search_text, E'\n', 2)::tsvector)`

// searchRank is ts_rank of item i for the query of terms, whose tsquery
// text is in the parameter q, adding the query's words to p. ts_rank reads
// only the lexemes of the vector that the query names, and every item a
// query finds holds every word of it, so the vector of the title and the
// query's words without positions ranks an item as its whole vector does,
// and costs a cast of the title's part alone. Where the title's part holds
// none of the query's lexemes, not even inside another lexeme, that vector
// is the query's words alone, whose rank is computed once. A word ending
// in * names every lexeme it begins: prefixRank ranks such a query,
// casting an item's whole text only where it must. (A query's word holds
// only letters, digits and marks, so its lexemes are written as they are
// in the title's part, and hold no LIKE wildcard.)
func searchRank(terms []fulltext.Term, q string, p *params) string {
	words, prefix := queryWords(terms)
	if prefix {
		if rank, ok := prefixRank(terms, q, p); ok {
			return rank
		}
		return `ts_rank(` + rankWeights + `, ` + searchVector + `, q)`
	}
	bodyOnly := p.add(vectorLiteral(words)) + `::tsvector`
	return `CASE WHEN ` + titleText + ` LIKE ANY (ARRAY(SELECT '%' || l || '%'
			FROM unnest(tsvector_to_array(` + bodyOnly + `)) l))
		THEN ts_rank(` + rankWeights + `, setweight(` + titleText + `::tsvector, 'A') || ` + bodyOnly + `, q)
		ELSE (SELECT ts_rank(` + rankWeights + `, ` + bodyOnly + `, ` + q + `::tsquery)) END`
}

// titleText is the title's part of item i's search text.
const titleText = `split_part(i.search_text, E'\n', 1)`

// rankWeights are ts_rank's weights of the labels D, C, B and A: a word in
// the title (A) counts four times as much as one in the body (D, the label
// ts_rank gives a word without positions), the
// ratio the embedded store gives bm25, since a title names what an item is
// about while a body also mentions much else. ts_rank is not bm25, so the
// two stores may order differently among items that match both in body
// only: the body keeps no positions, so ts_rank counts a body word once
// however often it occurs. The title-over-body rule and the newest-first
// tie-break hold in both.
const rankWeights = `'{0.25, 0, 0, 1}'`

// itemSearchText returns the folded title and body an item is indexed by.
func itemSearchText(it *vigil.Item) (title, body string) {
	return SearchText(it.Title, it.Summary, it.Content)
}

// SearchText returns the title and body an item with that title, summary
// and content is indexed by, folded: what its search text is made of.
func SearchText(title, summary, content string) (foldedTitle, foldedBody string) {
	return fold(title), fold(fulltext.Body(summary, content))
}

// SearchColumn returns the search text (items.search_text, see
// searchColumn) of an item with that title, summary and content, as
// Ingest stores it (store/transfer indexes copied items with it).
func SearchColumn(title, summary, content string) string {
	return searchColumn(SearchText(title, summary, content))
}

// fold returns s in lower case without accents, storable as text: it
// decomposes the text, drops the combining diacritical marks (U+0300 to
// U+036F) and recomposes it, so that "Café" indexes as "cafe" (the embedded
// store's remove_diacritics 2). Other combining marks (a virama, an Indic
// vowel sign, a Hebrew point) stay, and separate lexemes as they separate
// FTS5's tokens (see lexemes). FTS5's own table of diacritics is narrower
// (some of U+0300 to U+0331), so a rarer accent may still be folded here
// and split there. A transform chain keeps state, so each call makes its
// own; ASCII text, which it would leave as it is, skips it.
func fold(s string) string {
	if isASCII(s) {
		return strings.ToLower(clean(s))
	}
	folder := transform.Chain(norm.NFD, runes.Remove(runes.In(combiningDiacritics)), norm.NFC)
	out, _, err := transform.String(folder, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(clean(out))
}

// SearchItems ranks the items of the feeds the user follows (every item when
// userID is 0) by relevance to query, best first, with the user's read and
// starred states. Relevance is ts_rank over the weighted search vector (see
// rankWeights); equally relevant items come newest first. The query is
// plain text with the rules of fulltext.ParseQuery: every word must occur, a
// word ending in * matches any word it begins, "double-quoted words" must
// occur as a phrase, in the title or in the body. A query with no word is
// EINVALID, as is a negative limit; limit 0 means store.DefaultItemLimit and is at
// most store.MaxItemLimit.
func (db *DB) SearchItems(ctx context.Context, userID int64, query string, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultItemLimit, store.MaxItemLimit)
	if err != nil {
		return nil, err
	}
	terms, err := fulltext.ParseQuery(query)
	if err != nil {
		return nil, err
	}
	terms, ok := lexemeTerms(terms)
	if !ok || len(terms) == 0 {
		return nil, nil // a word too long for any item to hold: no item has it
	}
	if phrases := phraseTerms(terms); len(phrases) > 0 {
		sqlText, args := searchQuery(`i.id`, userID, terms, 0)
		return db.searchPhrases(ctx, userID, sqlText, args, phrases, limit)
	}
	sqlText, args := searchQuery(itemColumns, userID, terms, limit)
	return db.QueryItems(ctx, "search items", sqlText, args...)
}

// tsQuery writes terms, whose words are lexemes (lexemeTerms), in the
// input syntax of tsquery, whose operands are taken as they are (no
// parser, as an item's search text is made: see searchColumn): each word
// single-quoted (a lexeme holds only letters and digits, so it cannot
// close the quote or carry an operator), the last word of a prefix term
// marked :*, all words joined by &. The words of a phrase are only
// required to occur: the body's vector keeps no positions, so
// searchPhrases checks their order.
func tsQuery(terms []fulltext.Term) string {
	var words []string
	for _, t := range terms {
		for j, w := range t.Words {
			word := "'" + w + "'"
			if t.Prefix && j == len(t.Words)-1 {
				word += ":*"
			}
			words = append(words, word)
		}
	}
	return strings.Join(words, " & ")
}

// queryWords returns the words (lexemes) of terms, and whether a term is
// a prefix.
func queryWords(terms []fulltext.Term) (words []string, prefix bool) {
	for _, t := range terms {
		words = append(words, t.Words...)
		prefix = prefix || t.Prefix
	}
	return words, prefix
}

// searchQuery builds the search for terms, best first, selecting columns
// (of items i, feeds f and item_states st); a limit of 0 leaves the number
// of rows open.
func searchQuery(columns string, userID int64, terms []fulltext.Term, limit int) (string, []any) {
	var b strings.Builder
	var p params
	q := p.add(tsQuery(terms))
	rank := searchRank(terms, q, &p)
	b.WriteString(`SELECT ` + columns + ` FROM items i CROSS JOIN CAST(` + q + ` AS tsquery) q
		JOIN feeds f ON f.id = i.feed_id `)
	if userID != 0 {
		b.WriteString(`JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = ` + p.add(userID) + ` `)
	}
	b.WriteString(`LEFT JOIN item_states st ON st.user_id = ` + p.add(userID) + ` AND st.item_id = i.id
		WHERE ` + searchVector + ` @@ q
		ORDER BY ` + rank + ` DESC, i.sort_at DESC, i.id DESC`)
	if limit > 0 {
		b.WriteString(` LIMIT ` + p.add(limit))
	}
	return b.String(), p.args
}

// combiningDiacritics is the block of combining diacritical marks fold
// removes.
var combiningDiacritics = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x0300, Hi: 0x036f, Stride: 1}}}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
