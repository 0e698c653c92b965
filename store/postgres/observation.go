package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// Observations lists a feed's latest observations, newest first; a limit of
// 0 or less means all of them. An unknown feed is ENOTFOUND.
func (db *DB) Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error) {
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	rows, err := db.pool.Query(ctx,
		`SELECT id, feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error
		 FROM observations WHERE feed_id = $1 ORDER BY at DESC, id DESC LIMIT $2`, feedID, lim)
	if err != nil {
		return nil, wrap("list observations", err)
	}
	obs, err := collect(rows, store.ScanObservation)
	if err != nil {
		return nil, wrap("list observations", err)
	}
	if len(obs) == 0 {
		if _, err := db.Feed(ctx, feedID); err != nil {
			return nil, err
		}
	}
	return obs, nil
}

// CountFetchesSince counts observations at or after t over all feeds.
func (db *DB) CountFetchesSince(ctx context.Context, t time.Time) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT count(*) FROM observations WHERE at >= $1`, store.Instant(t)).Scan(&n)
	if err != nil {
		return 0, wrap("count fetches", err)
	}
	return n, nil
}

// queueObservation queues the insert of o for the feed.
func queueObservation(b *pgx.Batch, feedID int64, o vigil.Observation) {
	b.Queue(
		`INSERT INTO observations (feed_id, at, status, bytes, latency, items, new_items, updated_items,
			not_modified, error) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		feedID, store.Nanos(o.At), o.Status, o.Bytes, int64(o.Latency), o.Items, o.NewItems, o.Updated,
		o.NotModified, clean(o.Error))
}

// insertObservation stores o for the feed.
func insertObservation(ctx context.Context, tx pgx.Tx, feedID int64, o vigil.Observation) error {
	b := &pgx.Batch{}
	queueObservation(b, feedID, o)
	return tx.SendBatch(ctx, b).Close()
}
