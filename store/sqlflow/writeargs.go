package sqlflow

import (
	"database/sql"

	"vigil"
	"vigil/store"
)

// FeedStateArgs returns the arguments of a statement that saves the
// mutable state of feed, which decide returned for the feed with ID id, in
// the order of the columns title, site_url, description, language,
// status, etag, last_modified, last_fetch, last_success, next_fetch,
// last_status, last_error, failures, failing_since, missing, hints,
// item_window, model and rate, then id; texts as the dialect's Text keeps
// them. A feed of another ID is EINVALID (see store.FeedState).
func (d *Dialect) FeedStateArgs(id int64, feed *vigil.Feed) ([]any, error) {
	hints, model, err := store.FeedState(id, feed)
	if err != nil {
		return nil, err
	}
	return []any{d.text(feed.Title), d.text(feed.SiteURL), d.text(feed.Description), d.text(feed.Language),
		string(feed.Status), d.text(feed.ETag), d.text(feed.LastModified), store.Nanos(feed.LastFetch),
		store.Nanos(feed.LastSuccess), store.Nanos(feed.NextFetch), feed.LastStatus, d.text(feed.LastError),
		feed.Failures, store.Nanos(feed.FailingSince), feed.Missing, hints, feed.Window, model,
		feed.Rate, id}, nil
}

// ObservationArgs returns the arguments of a statement that stores o for
// the feed feedID, in the order of the columns feed_id, at, status, bytes,
// latency, items, new_items, updated_items, not_modified, error and
// pushed; the error as the dialect's Text keeps it.
func (d *Dialect) ObservationArgs(feedID int64, o vigil.Observation) []any {
	return []any{feedID, store.Nanos(o.At), o.Status, o.Bytes, int64(o.Latency), o.Items, o.NewItems, o.Updated,
		o.NotModified, d.text(o.Error), o.Pushed}
}

// ItemArgs normalises the times of it, an item that a fetch brings new or
// edited, and returns the arguments its insert and its update share: the
// values of its columns hash, url, title, author, summary and content (the
// body encoded, see store.EncodeBody), published and updated, in that
// order, and apart its sort time (store.SortAt), which the statements
// take after seen and before the item's ID respectively.
func ItemArgs(it *vigil.Item) (args []any, sortAt sql.NullInt64, err error) {
	it.Published, it.Updated = store.Normalise(it.Published), store.Normalise(it.Updated)
	summary, content, err := store.EncodeBody(it)
	if err != nil {
		return nil, sql.NullInt64{}, err
	}
	return []any{it.Hash, it.URL, it.Title, it.Author, summary, content, store.Nanos(it.Published), store.Nanos(it.Updated)},
		store.Nanos(store.SortAt(it.Published, it.Seen)), nil
}
