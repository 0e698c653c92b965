package sqlite

import (
	"context"

	"vigil"
	"vigil/store"
)

// RecordFetch stores a fetch that brought no items: the observation obs
// and the state feed that the fetch decided, in one transaction (Ingest's,
// with no items: a local write costs no round trips to save). An unknown
// feed is ENOTFOUND, a zero observation time or a nil feed EINVALID;
// either stores nothing.
func (db *DB) RecordFetch(ctx context.Context, obs vigil.Observation, feed *vigil.Feed) error {
	if err := store.CheckRecord(obs, feed); err != nil {
		return err
	}
	_, err := db.Ingest(ctx, vigil.Fetched{FeedID: obs.FeedID, Observation: obs},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return feed, nil })
	return err
}
