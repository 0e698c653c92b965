package postgres

import (
	"context"
	"strings"
	"time"

	"vigil"
	"vigil/store"
)

// StreamEntries lists the items q selects, by sort time and then ID (or by
// ID alone with q.ByID), newest first unless q.OldestFirst. Limit 0 means
// store.DefaultStreamLimit and is at most store.MaxStreamLimit; a negative limit or a
// query without a user is EINVALID.
func (db *DB) StreamEntries(ctx context.Context, q vigil.StreamQuery) ([]vigil.StreamEntry, error) {
	limit, err := store.StreamLimit(q)
	if err != nil {
		return nil, err
	}
	var p params
	where := streamFilter(q, &p)
	orderBy := store.StreamOrder(q)
	cursor := cursorFilter(q, &p)
	rows, err := db.pool.Query(ctx,
		`SELECT i.id, i.feed_id, i.sort_at, COALESCE(st.read, false), COALESCE(st.starred, false) `+
			streamFrom+where+cursor+orderBy+` LIMIT `+p.add(limit), p.args...)
	return list(rows, err, "list stream", store.ScanStreamEntry)
}

// streamFrom joins items to the user's subscriptions and states; the
// user's ID is streamFilter's first placeholder, $1.
const streamFrom = `FROM items i
	JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = $1
	LEFT JOIN item_states st ON st.user_id = sub.user_id AND st.item_id = i.id `

// streamFilter returns the WHERE clause of q's filters (all but the
// continuation), adding its arguments to p, the user's ID first.
func streamFilter(q vigil.StreamQuery, p *params) string {
	var b strings.Builder
	p.add(q.UserID)
	b.WriteString(`WHERE true `)
	add := func(cond string) { b.WriteString(`AND ` + cond + ` `) }
	if q.FeedID != 0 {
		add(`i.feed_id = ` + p.add(q.FeedID))
	}
	if q.Folder != "" {
		add(`sub.folder = ` + p.add(q.Folder))
	}
	if q.ExcludeRead {
		add(`NOT COALESCE(st.read, false)`)
	}
	if q.ReadOnly {
		add(`st.read`)
	}
	if q.StarredOnly {
		add(`st.starred`)
	}
	if !q.Since.IsZero() {
		add(`i.sort_at >= ` + p.add(store.Instant(q.Since)))
	}
	if !q.Until.IsZero() {
		add(`i.sort_at <= ` + p.add(store.Instant(q.Until)))
	}
	if q.MinID != 0 {
		add(`i.id >= ` + p.add(q.MinID))
	}
	if q.MaxID != 0 {
		add(`i.id <= ` + p.add(q.MaxID))
	}
	return b.String()
}

// cursorFilter returns the condition that continues a listing after
// q.After in q's order, adding its arguments to p.
func cursorFilter(q vigil.StreamQuery, p *params) string {
	if q.After == nil {
		return ""
	}
	op := `<`
	if q.OldestFirst {
		op = `>`
	}
	if q.ByID {
		return `AND i.id ` + op + ` ` + p.add(q.After.ID) + ` `
	}
	return `AND (i.sort_at, i.id) ` + op + ` (` + p.add(store.Instant(q.After.At)) + `, ` + p.add(q.After.ID) + `) `
}

// ItemsByID returns the items with those IDs that belong to feeds the user
// follows, with the user's read and starred states, in the order asked;
// unknown IDs and items of other feeds are left out. More than
// store.MaxItemsByID IDs is EINVALID.
func (db *DB) ItemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error) {
	if err := store.CheckItemIDs(ids); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return []vigil.Item{}, nil
	}
	found, err := db.queryItems(ctx, "read items",
		`SELECT `+itemColumns+` FROM items i JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = $1
		 LEFT JOIN item_states st ON st.user_id = $1 AND st.item_id = i.id
		 WHERE i.id = ANY($2)`, userID, ids)
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
	var p params
	where := streamFilter(q, &p)
	tag, err := db.pool.Exec(ctx,
		`INSERT INTO item_states (user_id, item_id, feed_id, read)
		 SELECT sub.user_id, i.id, i.feed_id, true `+streamFrom+where+`
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = true`, p.args...)
	if err != nil {
		return 0, wrap("mark stream read", err)
	}
	return tag.RowsAffected(), nil
}

// NewestItems returns the sort time of the newest item of each feed the
// user follows, by feed ID, in one query over the items' per-feed index;
// feeds without items are left out.
func (db *DB) NewestItems(ctx context.Context, userID int64) (map[int64]time.Time, error) {
	rows, err := db.pool.Query(ctx,
		`SELECT sub.feed_id, (SELECT max(i.sort_at) FROM items i WHERE i.feed_id = sub.feed_id)
		 FROM subscriptions sub WHERE sub.user_id = $1`, userID)
	if err != nil {
		return nil, wrap("read newest items", err)
	}
	defer rows.Close()
	newest, err := store.ReadNewestItems(rows)
	return newest, wrapIf("read newest items", err)
}
