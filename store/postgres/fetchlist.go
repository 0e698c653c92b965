package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"vigil"
	"vigil/store"
)

// FetchList lists the feeds a fetch pass fetches, by the least it needs of
// each: every followed feed by ID when all is set, else the feeds DueFeeds
// lists at now without a limit, in its order.
func (db *DB) FetchList(ctx context.Context, now time.Time, all bool) ([]store.FeedRef, error) {
	query := `SELECT f.id, f.url, f.hints FROM feeds f
		 WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.id`
	args := []any{}
	if !all {
		query = `SELECT f.id, f.url, f.hints FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.next_fetch NULLS FIRST, f.id`
		args = append(args, instant(now))
	}
	rows, err := db.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, wrap("list feeds to fetch", err)
	}
	defer rows.Close()
	var refs []store.FeedRef
	for rows.Next() {
		var r store.FeedRef
		var hints string
		if err := rows.Scan(&r.ID, &r.URL, &hints); err != nil {
			return nil, wrap("list feeds to fetch", err)
		}
		if r.NotBefore, err = notBefore(r.ID, hints); err != nil {
			return nil, wrap("list feeds to fetch", err)
		}
		refs = append(refs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("list feeds to fetch", err)
	}
	return refs, nil
}

// notBefore decodes the NotBefore of a feed's stored hints, as scanFeed
// does.
func notBefore(id int64, hints string) (time.Time, error) {
	var h vigil.Hints
	if err := json.Unmarshal([]byte(hints), &h); err != nil {
		return time.Time{}, fmt.Errorf("decode hints of feed %d: %w", id, err)
	}
	if h.NotBefore.IsZero() {
		return time.Time{}, nil
	}
	return h.NotBefore.UTC(), nil
}
