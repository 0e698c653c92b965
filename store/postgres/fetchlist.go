package postgres

import (
	"context"
	"time"

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
		args = append(args, store.Instant(now))
	}
	rows, err := db.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, wrap("list feeds to fetch", err)
	}
	defer rows.Close()
	refs, err := store.ReadFeedRefs(rows)
	if err != nil {
		return nil, wrap("list feeds to fetch", err)
	}
	return refs, nil
}
