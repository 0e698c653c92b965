package sqlflow

import (
	"context"
	"time"

	"vigil/store"
)

// HealthSQL is the text of the counts the health checks read.
type HealthSQL struct {
	// CountDue counts the followed feeds due at the instant $1.
	CountDue string
	// CountItemsAfter counts the items with an ID above $1.
	CountItemsAfter string
}

// CountDue counts the feeds with subscribers whose next fetch is at or
// before now, or unset.
func (s *Store) CountDue(ctx context.Context, now time.Time) (int, error) {
	return s.count(ctx, "count due feeds", s.sql.Health.CountDue, store.Instant(now))
}

// CountItemsAfter counts the items whose ID is above after.
func (s *Store) CountItemsAfter(ctx context.Context, after int64) (int, error) {
	return s.count(ctx, "count items", s.sql.Health.CountItemsAfter, after)
}

// count runs a query of one count; op names it in errors.
func (s *Store) count(ctx context.Context, op, query string, args ...any) (int, error) {
	var n int
	if err := s.conn.Read().QueryRow(ctx, query, args...).Scan(&n); err != nil {
		return 0, s.d.Wrap(op, err)
	}
	return n, nil
}
