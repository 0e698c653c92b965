package sqlite

import (
	"context"
	"strings"
	"time"

	"vigil"
	"vigil/store"
)

// StreamEntries lists the items q selects, by sort time and then ID (or by
// ID alone with q.ByID), newest first unless q.OldestFirst. Limit 0 means store.DefaultStreamLimit and is at
// most store.MaxStreamLimit; a negative limit or a query without a user is
// EINVALID.
func (db *DB) StreamEntries(ctx context.Context, q vigil.StreamQuery) ([]vigil.StreamEntry, error) {
	limit, err := store.StreamLimit(q)
	if err != nil {
		return nil, err
	}
	where, args := streamFilter(q)
	orderBy := store.StreamOrder(q)
	rows, err := db.read.QueryContext(ctx,
		`SELECT i.id, i.feed_id, i.sort_at, COALESCE(st.read, 0), COALESCE(st.starred, 0) `+
			streamFrom+where+cursorFilter(q, &args)+orderBy+` LIMIT ?`,
		append(args, limit)...)
	return list(rows, err, "list stream", store.ScanStreamEntry)
}

// streamFrom joins items to the user's subscriptions and states; the
// user's ID is streamFilter's first argument.
const streamFrom = `FROM items i
	JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = ?
	LEFT JOIN item_states st ON st.user_id = sub.user_id AND st.item_id = i.id `

// streamFilter returns the WHERE clause of q's filters (all but the
// continuation) and its arguments, the user's ID first.
func streamFilter(q vigil.StreamQuery) (string, []any) {
	var b strings.Builder
	args := []any{q.UserID}
	b.WriteString(`WHERE 1 `)
	add := func(cond string, arg ...any) {
		b.WriteString(`AND ` + cond + ` `)
		args = append(args, arg...)
	}
	if q.FeedID != 0 {
		add(`i.feed_id = ?`, q.FeedID)
	}
	if q.Folder != "" {
		add(`sub.folder = ?`, q.Folder)
	}
	if q.ExcludeRead {
		add(`COALESCE(st.read, 0) = 0`)
	}
	if q.ReadOnly {
		add(`st.read = 1`)
	}
	if q.StarredOnly {
		add(`st.starred = 1`)
	}
	if !q.Since.IsZero() {
		add(`i.sort_at >= ?`, store.Instant(q.Since))
	}
	if !q.Until.IsZero() {
		add(`i.sort_at <= ?`, store.Instant(q.Until))
	}
	if q.MinID != 0 {
		add(`i.id >= ?`, q.MinID)
	}
	if q.MaxID != 0 {
		add(`i.id <= ?`, q.MaxID)
	}
	return b.String(), args
}

// cursorFilter returns the condition that continues a listing after
// q.After in q's order, appending its arguments.
func cursorFilter(q vigil.StreamQuery, args *[]any) string {
	if q.After == nil {
		return ""
	}
	if q.ByID {
		*args = append(*args, q.After.ID)
		if q.OldestFirst {
			return `AND i.id > ? `
		}
		return `AND i.id < ? `
	}
	at := store.Instant(q.After.At)
	*args = append(*args, at, at, q.After.ID)
	if q.OldestFirst {
		return `AND (i.sort_at > ? OR (i.sort_at = ? AND i.id > ?)) `
	}
	return `AND (i.sort_at < ? OR (i.sort_at = ? AND i.id < ?)) `
}

// ItemsByID returns the items with those IDs that belong to feeds the user
// follows, with the user's read and starred states, in the order asked;
// unknown IDs and items of other feeds are left out. More than
// store.MaxItemsByID IDs is EINVALID.
func (db *DB) ItemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error) {
	if err := store.CheckItemIDs(ids); err != nil {
		return nil, err
	}
	items := make([]vigil.Item, 0, len(ids))
	for start := 0; start < len(ids); start += 500 {
		part, err := db.itemsByID(ctx, userID, ids[start:min(start+500, len(ids))])
		if err != nil {
			return nil, err
		}
		items = append(items, part...)
	}
	return items, nil
}

// itemsByID reads one batch of ItemsByID, at most 500 IDs (SQLite's bound
// on parameters is far above).
func (db *DB) itemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := []any{userID, userID}
	for _, id := range ids {
		args = append(args, id)
	}
	found, err := db.queryItems(ctx, "read items",
		`SELECT `+itemColumns+` FROM items i JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = ?
		 LEFT JOIN item_states st ON st.user_id = ? AND st.item_id = i.id
		 WHERE i.id IN (?`+strings.Repeat(`, ?`, len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	return store.InIDOrder(ids, found), nil
}

// MarkStreamRead marks read, in one statement, every item q selects whose
// sort time is at or before until (a zero until means every item); q's
// order, continuation and limit do not apply. It returns how many items
// changed state.
func (db *DB) MarkStreamRead(ctx context.Context, q vigil.StreamQuery, until time.Time) (int64, error) {
	q, err := store.ReadUnder(q, until)
	if err != nil {
		return 0, err
	}
	where, args := streamFilter(q)
	res, err := db.write.ExecContext(ctx,
		`INSERT INTO item_states (user_id, item_id, feed_id, read)
		 SELECT sub.user_id, i.id, i.feed_id, 1 `+streamFrom+where+`
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = 1`, args...)
	if err != nil {
		return 0, wrap("mark stream read", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, wrap("mark stream read", err)
	}
	return n, nil
}

// NewestItems returns the sort time of the newest item of each feed the
// user follows, by feed ID, in one query over the items' per-feed index;
// feeds without items are left out.
func (db *DB) NewestItems(ctx context.Context, userID int64) (map[int64]time.Time, error) {
	rows, err := db.read.QueryContext(ctx,
		`SELECT sub.feed_id, (SELECT max(i.sort_at) FROM items i WHERE i.feed_id = sub.feed_id)
		 FROM subscriptions sub WHERE sub.user_id = ?`, userID)
	if err != nil {
		return nil, wrap("read newest items", err)
	}
	defer rows.Close()
	newest, err := store.ReadNewestItems(rows)
	return newest, wrapIf("read newest items", err)
}
