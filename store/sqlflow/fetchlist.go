package sqlflow

import (
	"context"
	"time"

	"vigil/store"
)

// FetchListSQL is the text of the queries of a fetch pass's list, each
// returning (id, url, hints) for store.ReadFeedRefs.
type FetchListSQL struct {
	// All returns every followed feed by ID.
	All string
	// Due returns the followed feeds due at the instant $1, in DueFeeds's
	// order.
	Due string
}

// FetchList lists the feeds a fetch pass fetches, by the least it needs of
// each: every followed feed by ID when all is set, else the feeds DueFeeds
// lists at now without a limit, in its order.
func (s *Store) FetchList(ctx context.Context, now time.Time, all bool) ([]store.FeedRef, error) {
	query, args := s.sql.FetchList.All, []any{}
	if !all {
		query, args = s.sql.FetchList.Due, append(args, store.Instant(now))
	}
	rows, err := s.conn.Read().Query(ctx, query, args...)
	if err != nil {
		return nil, s.d.Wrap("list feeds to fetch", err)
	}
	defer rows.Close()
	refs, err := store.ReadFeedRefs(rows)
	if err != nil {
		return nil, s.d.Wrap("list feeds to fetch", err)
	}
	return refs, nil
}
