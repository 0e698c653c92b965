package sqlflow

import (
	"context"
	"slices"
	"time"

	"vigil"
	"vigil/store"
)

// FeedSQL is the text of the feed statements. The column list of each
// query is store.ScanFeed's for a feed f.
type FeedSQL struct {
	// ByID returns the feed $1.
	ByID string
	// ToFetch returns the feeds of the IDs $1 (Dialect.IDs) as ByID does,
	// each followed by whether it is a watched page and whether it has a
	// WebSub subscription.
	ToFetch string
	// List returns every feed by ID.
	List string
	// Due returns the followed feeds due at the instant $1, earliest
	// first, at most $2 (Dialect.NoLimit: all).
	Due string
	// SetNextFetch sets the next fetch of the feed $2 to $1.
	SetNextFetch string
	// Reschedule sets the next fetch of the feed $2 to $1 if it is $3 and
	// the feed is not failing.
	Reschedule string
	// SetTitle sets the title of the feed $2 to $1 if it has none.
	SetTitle string
}

// Feed returns a feed with its derived fields, or ENOTFOUND.
func (s *Store) Feed(ctx context.Context, id int64) (*vigil.Feed, error) {
	// A hot read: a fetch pass reads every feed again just before fetching
	// it, and parsing this query cost most of the read in SQLite.
	f, err := store.ScanFeed(s.conn.Hot().QueryRow(ctx, s.sql.Feed.ByID, id))
	return found(&s.d, f, err, "read feed", "feed %d not found", id)
}

// FeedsToFetch returns the feeds of ids, as Feed reads them, each with
// whether it is a watched page and whether it has a WebSub subscription,
// in one query: what a fetch pass reads of
// its next feeds before fetching them. Unknown IDs are left out; the order
// is the IDs'.
func (s *Store) FeedsToFetch(ctx context.Context, ids []int64) ([]store.FeedToFetch, error) {
	arg, err := s.d.IDs(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.Feed.ToFetch, arg)
	got, err := list(&s.d, rows, err, "read feeds to fetch", func(r store.Row) (*store.FeedToFetch, error) {
		var page, pushed bool
		f, err := store.ScanFeed(withColumns{r, []any{&page, &pushed}})
		if err != nil {
			return nil, err
		}
		return &store.FeedToFetch{Feed: f, Page: page, Pushed: pushed}, nil
	})
	if err != nil {
		return nil, err
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	slices.SortFunc(got, func(a, b store.FeedToFetch) int { return at[a.Feed.ID] - at[b.Feed.ID] })
	return got, nil
}

// withColumns is a row whose columns after those its scanner reads go to
// more.
type withColumns struct {
	store.Row
	more []any
}

// Scan scans the row into dest and then more.
func (r withColumns) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.more...)...) }

// Feeds lists every feed with its derived fields, by ID.
func (s *Store) Feeds(ctx context.Context) ([]vigil.Feed, error) {
	return s.queryFeeds(ctx, "list feeds", s.sql.Feed.List)
}

// DueFeeds lists up to limit feeds that have subscribers and whose NextFetch
// is at or before now (or unset), earliest first. A limit of 0 or less
// means no limit.
func (s *Store) DueFeeds(ctx context.Context, now time.Time, limit int) ([]vigil.Feed, error) {
	return s.queryFeeds(ctx, "list due feeds", s.sql.Feed.Due, store.Instant(now), s.d.limit(limit))
}

// SetNextFetch reschedules a feed without recording a fetch; an unknown
// feed is ENOTFOUND.
func (s *Store) SetNextFetch(ctx context.Context, feedID int64, next time.Time) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Feed.SetNextFetch, store.Nanos(next), feedID)
	if err != nil {
		return s.d.Wrap("set next fetch", err)
	}
	return requireRow(n, "feed %d not found", feedID)
}

// Reschedule moves a feed's next fetch from from to to, only if it is still
// from and the feed is not failing; it reports whether it moved.
func (s *Store) Reschedule(ctx context.Context, feedID int64, from, to time.Time) (bool, error) {
	n, err := s.conn.Write().Exec(ctx, s.sql.Feed.Reschedule, store.Nanos(to), feedID, store.Nanos(from))
	if err != nil {
		return false, s.d.Wrap("reschedule feed", err)
	}
	return n == 1, nil
}

// queryFeeds runs a query of feeds and scans every row.
func (s *Store) queryFeeds(ctx context.Context, op, query string, args ...any) ([]vigil.Feed, error) {
	rows, err := s.conn.Read().Query(ctx, query, args...)
	return list(&s.d, rows, err, op, store.ScanFeed)
}

// SetFeedTitle gives a feed a title while the feed has none, e.g. the text
// of an imported OPML outline before the first fetch brings the feed's own
// (a fetch replaces it only with a title it found). It reports whether the
// title was set.
func (s *Store) SetFeedTitle(ctx context.Context, feedID int64, title string) (bool, error) {
	n, err := s.conn.Write().Exec(ctx, s.sql.Feed.SetTitle, s.d.text(title), feedID)
	if err != nil {
		return false, s.d.Wrap("set feed title", err)
	}
	return n > 0, nil
}
