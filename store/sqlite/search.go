package sqlite

import (
	"context"
	"strings"

	"vigil/store"

	"vigil"
)

// Weights of the columns of items_fts in the ranking (bm25 takes them in
// the order of the columns: body, then title): a word in the title
// counts four times as much as one in the body, since a title names what an
// item is about while a body also mentions much else.
const (
	titleWeight = 4.0
	bodyWeight  = 1.0
)

// SearchItems ranks the items of the feeds the user follows (every item when
// userID is 0) by relevance to query, best first, with the user's read and
// starred states. Relevance is FTS5's bm25 over title and body, weighted
// titleWeight to bodyWeight; equally relevant items come newest first. The
// query is plain text: every word must occur; a word ending in * matches
// any word it begins; "double-quoted words" must occur as a phrase; nothing
// else has a meaning (see ftsQuery). A query with no word is EINVALID, as
// is a negative limit; limit 0 means store.DefaultItemLimit and is at most
// store.MaxItemLimit.
func (db *DB) SearchItems(ctx context.Context, userID int64, query string, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultItemLimit, store.MaxItemLimit)
	if err != nil {
		return nil, err
	}
	match, err := ftsQuery(query)
	if err != nil {
		return nil, err
	}
	sqlText, args := searchQuery(userID, match, limit)
	return db.QueryItems(ctx, "search items", sqlText, args...)
}

// searchQuery builds the search for the FTS5 query match.
func searchQuery(userID int64, match string, limit int) (string, []any) {
	var b strings.Builder
	args := []any{}
	b.WriteString(`SELECT ` + itemColumns + ` FROM items_fts
		JOIN items i ON i.id = items_fts.rowid JOIN feeds f ON f.id = i.feed_id `)
	if userID != 0 {
		b.WriteString(`JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = ? `)
		args = append(args, userID)
	}
	b.WriteString(`LEFT JOIN item_states st ON st.user_id = ? AND st.item_id = i.id
		WHERE items_fts MATCH ?
		ORDER BY bm25(items_fts, ?, ?), i.sort_at DESC, i.id DESC LIMIT ?`)
	return b.String(), append(args, userID, match, bodyWeight, titleWeight, limit)
}
