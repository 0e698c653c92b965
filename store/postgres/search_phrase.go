package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store/fulltext"
)

// phraseBatch is how many ranked candidates searchPhrases reads at a time.
const phraseBatch = 100

// phraseTerms returns the terms of a query that are phrases: more than one
// word, which must occur next to each other.
func phraseTerms(terms []fulltext.Term) []fulltext.Term {
	var phrases []fulltext.Term
	for _, t := range terms {
		if len(t.Words) > 1 {
			folded := fulltext.Term{Words: make([]string, len(t.Words)), Prefix: t.Prefix}
			for i, w := range t.Words {
				folded.Words[i] = fold(w)
			}
			phrases = append(phrases, folded)
		}
	}
	return phrases
}

// searchPhrases runs the ranked search sqlText, whose matches hold every
// word of the query, and keeps the first limit items that also hold each
// phrase, in their title or in their body. It reads the ranked matches
// through a cursor, a batch at a time, so that it stops as soon as it has
// enough.
func (db *DB) searchPhrases(ctx context.Context, sqlText string, args []any, phrases []fulltext.Term, limit int) ([]vigil.Item, error) {
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, wrap("search items", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `DECLARE phrase_search NO SCROLL CURSOR FOR `+sqlText, args...); err != nil {
		return nil, wrap("search items", err)
	}
	var found []vigil.Item
	for len(found) < limit {
		rows, err := tx.Query(ctx, fmt.Sprintf(`FETCH %d FROM phrase_search`, phraseBatch))
		if err != nil {
			return nil, wrap("search items", err)
		}
		batch, err := collect(rows, scanItem)
		if err != nil {
			return nil, wrap("search items", err)
		}
		for _, it := range batch {
			if len(found) < limit && holdsPhrases(&it, phrases) {
				found = append(found, it)
			}
		}
		if len(batch) < phraseBatch {
			break
		}
	}
	return found, nil
}

// holdsPhrases reports whether each phrase occurs in the item's title or in
// its body, as they are indexed.
func holdsPhrases(it *vigil.Item, phrases []fulltext.Term) bool {
	title, body := searchText(it)
	titleWords, bodyWords := fulltext.Words(title), fulltext.Words(body)
	for _, p := range phrases {
		if !fulltext.HasPhrase(titleWords, p.Words, p.Prefix) && !fulltext.HasPhrase(bodyWords, p.Words, p.Prefix) {
			return false
		}
	}
	return true
}
