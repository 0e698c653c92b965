package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// AccessSQL is the text of the statements of the access log and readers.
type AccessSQL struct {
	// Record logs an access of the user $1 to the feed $2 (NULL: to all
	// their feeds) at the instant $3.
	Record string
	// Since returns (user, at) of the accesses to all the user's feeds at
	// or after the instant $1, oldest first.
	Since string
	// Looks returns (user, feed, at) of the accesses to one feed (looks)
	// at or after the instant $1, oldest first.
	Looks string
	// FeedLooks returns (user, feed, at) of the looks at the feed $1 at or
	// after the instant $2, oldest first.
	FeedLooks string
	// Prune deletes the accesses before the instant $1.
	Prune string
	// Readers returns every subscription as (user, feed, weight) for
	// store.ScanReader, by feed and user.
	Readers string
}

// RecordAccess notes that the user looked at their items at t: all of
// them when feedID is 0, that feed's alone otherwise (a look).
func (s *Store) RecordAccess(ctx context.Context, userID, feedID int64, t time.Time) error {
	if err := store.CheckAccess(t); err != nil {
		return err
	}
	var feed any
	if feedID != 0 {
		feed = feedID
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.Access.Record, userID, feed, store.Instant(t))
	return s.d.WrapIf("record access", err)
}

// Accesses returns every user's access times at or after since, oldest
// first, by user.
func (s *Store) Accesses(ctx context.Context, since time.Time) (map[int64][]time.Time, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Access.Since, store.Instant(since))
	if err != nil {
		return nil, s.d.Wrap("list accesses", err)
	}
	defer rows.Close()
	out, err := store.ReadAccesses(rows)
	return out, s.d.WrapIf("list accesses", err)
}

// Looks returns every look at one feed at or after since, oldest first.
func (s *Store) Looks(ctx context.Context, since time.Time) ([]vigil.Look, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Access.Looks, store.Instant(since))
	return list(&s.d, rows, err, "list looks", store.ScanLook)
}

// FeedLooks returns the looks at one feed at or after since, oldest first.
func (s *Store) FeedLooks(ctx context.Context, feedID int64, since time.Time) ([]vigil.Look, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Access.FeedLooks, feedID, store.Instant(since))
	return list(&s.d, rows, err, "list a feed's looks", store.ScanLook)
}

// PruneAccesses deletes accesses before t and returns how many went.
func (s *Store) PruneAccesses(ctx context.Context, before time.Time) (int64, error) {
	n, err := s.conn.Write().Exec(ctx, s.sql.Access.Prune, store.Instant(before))
	if err != nil {
		return 0, s.d.Wrap("prune accesses", err)
	}
	return n, nil
}

// Readers lists every subscription as (user, feed, weight).
func (s *Store) Readers(ctx context.Context) ([]vigil.Reader, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Access.Readers)
	return list(&s.d, rows, err, "list readers", store.ScanReader)
}
