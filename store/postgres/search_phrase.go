package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
	"vigil/store/fulltext"
)

// Batches of ranked candidates searchPhrases reads: the first holds
// firstPhraseBatch, each next one twice as many, up to maxPhraseBatch, so
// that a phrase most candidates hold costs one small batch and a rare one
// few round trips.
const (
	firstPhraseBatch = 100
	maxPhraseBatch   = 1600
)

// phraseTerms returns the terms of a query, whose words are lexemes
// (lexemeTerms), that are phrases: more than one word, which must occur
// next to each other.
func phraseTerms(terms []fulltext.Term) []fulltext.Term {
	var phrases []fulltext.Term
	for _, t := range terms {
		if len(t.Words) > 1 {
			phrases = append(phrases, t)
		}
	}
	return phrases
}

// searchPhrases runs the ranked search sqlText, which selects the IDs of
// the items holding every word of the query, and keeps the first limit
// items that also hold each phrase, in their title or in their body. It
// reads the ranked IDs through a cursor, a batch at a time, and each
// batch's items by their IDs, so that it sorts IDs rather than whole items
// and stops as soon as it has enough.
func (db *DB) searchPhrases(ctx context.Context, userID int64, sqlText string, args []any, phrases []fulltext.Term, limit int) ([]vigil.Item, error) {
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, dialect.Wrap("search items", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `DECLARE phrase_search NO SCROLL CURSOR FOR `+sqlText, args...); err != nil {
		return nil, dialect.Wrap("search items", err)
	}
	var found []vigil.Item
	for n := firstPhraseBatch; len(found) < limit; n = min(2*n, maxPhraseBatch) {
		ids, err := fetchIDs(ctx, tx, n)
		if err != nil {
			return nil, dialect.Wrap("search items", err)
		}
		batch, err := itemsByID(ctx, tx, userID, ids)
		if err != nil {
			return nil, dialect.Wrap("search items", err)
		}
		for _, it := range batch {
			if len(found) < limit && holdsPhrases(&it, phrases) {
				found = append(found, it)
			}
		}
		if len(ids) < n {
			break
		}
	}
	return found, nil
}

// fetchIDs reads the next n item IDs from the phrase_search cursor.
func fetchIDs(ctx context.Context, tx pgx.Tx, n int) ([]int64, error) {
	rows, err := tx.Query(ctx, fmt.Sprintf(`FETCH %d FROM phrase_search`, n))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// itemsByID reads the items with those IDs, with the user's states, in the
// order of ids; an item deleted meanwhile is left out.
func itemsByID(ctx context.Context, tx pgx.Tx, userID int64, ids []int64) ([]vigil.Item, error) {
	rows, err := tx.Query(ctx, `SELECT `+itemColumns+` FROM items i JOIN feeds f ON f.id = i.feed_id
		LEFT JOIN item_states st ON st.user_id = $1 AND st.item_id = i.id
		WHERE i.id = ANY($2)`, userID, ids)
	if err != nil {
		return nil, err
	}
	items, err := collect(rows, store.ScanItem)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]vigil.Item, len(items))
	for _, it := range items {
		byID[it.ID] = it
	}
	ordered := items[:0]
	for _, id := range ids {
		if it, ok := byID[id]; ok {
			ordered = append(ordered, it)
		}
	}
	return ordered, nil
}

// holdsPhrases reports whether each phrase occurs in the item's title or in
// its body, as they are indexed.
func holdsPhrases(it *vigil.Item, phrases []fulltext.Term) bool {
	title, body := itemSearchText(it)
	titleWords, bodyWords := lexemes(title), lexemes(body)
	for _, p := range phrases {
		if !fulltext.HasPhrase(titleWords, p.Words, p.Prefix) && !fulltext.HasPhrase(bodyWords, p.Words, p.Prefix) {
			return false
		}
	}
	return true
}
