package store

import (
	"database/sql"
	"encoding/json"
	"fmt"

	"vigil"
)

// ScanFeed reads one feed from r, whose columns are, in order: id, url,
// title, site_url, description, language, status, created_at, etag,
// last_modified, last_fetch, last_success, next_fetch, last_status,
// last_error, failures, failing_since, missing, hints, item_window, model,
// rate, item_count, the subscribers' count, their summed weight and the
// newest item's sort_at (each store's feedColumns).
func ScanFeed(r Row) (*vigil.Feed, error) {
	var f feedScan
	if err := r.Scan(f.dest()...); err != nil {
		return nil, err
	}
	if err := f.finish(); err != nil {
		return nil, err
	}
	return &f.Feed, nil
}

// ScanSubscription reads one subscription from r: the subscription's
// user_id, weight, created_at, folder, title and unread count, followed by
// its feed's columns as ScanFeed reads them.
func ScanSubscription(r Row) (*vigil.Subscription, error) {
	var sub vigil.Subscription
	var created sql.NullInt64
	var f feedScan
	dest := append([]any{&sub.UserID, &sub.Weight, &created, &sub.Folder, &sub.Title, &sub.Unread}, f.dest()...)
	if err := r.Scan(dest...); err != nil {
		return nil, err
	}
	if err := f.finish(); err != nil {
		return nil, err
	}
	sub.Feed, sub.CreatedAt = f.Feed, FromNanos(created)
	// A user's view of a feed must not reveal how many others follow it.
	sub.Feed.Weight, sub.Feed.Subscribers = 0, 0
	return &sub, nil
}

// feedScan holds a feed while its columns are scanned, with the columns that
// need decoding kept raw until finish.
type feedScan struct {
	vigil.Feed
	status                                                   string
	created, lastFetch, lastSuccess, nextFetch, failingSince sql.NullInt64
	lastItem                                                 sql.NullInt64
	hints                                                    string
	model                                                    []byte
}

// dest returns the scan destinations of a feed's columns.
func (f *feedScan) dest() []any {
	return []any{&f.ID, &f.URL, &f.Title, &f.SiteURL, &f.Description, &f.Language, &f.status,
		&f.created, &f.ETag, &f.LastModified, &f.lastFetch, &f.lastSuccess, &f.nextFetch,
		&f.LastStatus, &f.LastError, &f.Failures, &f.failingSince, &f.Missing, &f.hints,
		&f.Window, &f.model, &f.Rate, &f.ItemCount, &f.Subscribers, &f.Weight, &f.lastItem}
}

// finish decodes the raw columns into the feed.
func (f *feedScan) finish() error {
	f.Status = vigil.FeedStatus(f.status)
	if err := json.Unmarshal([]byte(f.hints), &f.Hints); err != nil {
		return fmt.Errorf("decode hints of feed %d: %w", f.ID, err)
	}
	if !f.Hints.NotBefore.IsZero() {
		f.Hints.NotBefore = f.Hints.NotBefore.UTC()
	}
	if len(f.model) > 0 {
		f.Model = json.RawMessage(f.model)
	}
	f.CreatedAt, f.LastFetch, f.LastSuccess = FromNanos(f.created), FromNanos(f.lastFetch), FromNanos(f.lastSuccess)
	f.NextFetch, f.FailingSince = FromNanos(f.nextFetch), FromNanos(f.failingSince)
	f.LastItem = FromNanos(f.lastItem)
	return nil
}
