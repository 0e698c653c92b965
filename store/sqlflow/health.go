package sqlflow

import (
	"context"
	"time"

	"vigil/store"
)

// HealthSQL is the text of the readiness check's write and of the counts
// the health checks read.
type HealthSQL struct {
	// Ready reads the schema: the store answers for reading.
	Ready string
	// WriteProbe writes to the database inside a transaction that Ping
	// rolls back: a real write, refused by a file or session that may only
	// read, that leaves nothing behind.
	WriteProbe string
	// CountDue counts the followed feeds due at the instant $1.
	CountDue string
	// CountItemsAfter counts the items with an ID above $1.
	CountItemsAfter string
}

// Ping checks that the store answers a read and takes a write: it runs
// WriteProbe in a write transaction and rolls it back, so a database that
// answers queries but refuses writes (a read-only file or session) is not
// ready. It changes nothing.
func (s *Store) Ping(ctx context.Context) error {
	var n int
	if err := s.conn.Read().QueryRow(ctx, s.sql.Health.Ready).Scan(&n); err != nil {
		return s.d.Wrap("ping for reading", err)
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return s.d.Wrap("ping for writing", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, s.sql.Health.WriteProbe); err != nil {
		return s.d.Wrap("ping for writing", err)
	}
	return nil
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
