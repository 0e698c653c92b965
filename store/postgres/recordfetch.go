package postgres

import (
	"context"

	"vigil"
	"vigil/store"
)

// RecordFetch stores a fetch that brought no items (a 304, a failure, an
// empty feed): the observation obs and the state feed that the fetch
// decided, in one statement, so both or neither are stored. It takes one
// round trip on the record session (recordSession: the statement is its
// own transaction) and no lock, where Ingest takes two and a lock of the
// feed first: nothing is to be compared with the stored items, and the
// state was decided from the feed as read before the fetch. Calls at the
// same time share a statement (recorder). An unknown feed is ENOTFOUND, a
// zero observation time or a nil feed EINVALID; either stores nothing.
func (db *DB) RecordFetch(ctx context.Context, obs vigil.Observation, feed *vigil.Feed) error {
	if err := store.CheckRecord(obs, feed); err != nil {
		return err
	}
	r, err := newRecord(obs, feed)
	if err != nil {
		return err
	}
	return db.rec.add(ctx, r)
}

// newRecord makes the record of a fetch for the recorder.
func newRecord(obs vigil.Observation, feed *vigil.Feed) (*record, error) {
	hints, model, err := store.FeedState(obs.FeedID, feed)
	if err != nil {
		return nil, err
	}
	return &record{obs: obs, feed: feed, hints: hints, model: model, done: make(chan error, 1)}, nil
}

// recordFetchSQL updates the feed $20 with the state $1-$19, as
// queueFeedState does, and inserts the observation $21-$27 of it (no new
// or updated items) only if the feed was there to update.
const recordFetchSQL = `WITH f AS (
	UPDATE feeds SET title = $1, site_url = $2, description = $3, language = $4,
		status = COALESCE(NULLIF($5, ''), status), etag = $6, last_modified = $7, last_fetch = $8,
		last_success = $9, next_fetch = $10, last_status = $11, last_error = $12, failures = $13,
		failing_since = $14, missing = $15, hints = $16, item_window = $17, model = $18, rate = $19
	WHERE id = $20 RETURNING id)
	INSERT INTO observations (feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error)
	SELECT id, $21, $22, $23, $24, $25, 0, 0, $26, $27 FROM f`
