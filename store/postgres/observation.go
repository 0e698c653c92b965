package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store/sqlflow"
)

// observationSQL is the PostgreSQL text of the queries of observations.
var observationSQL = sqlflow.ObservationSQL{
	List: `SELECT id, feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error, pushed
		 FROM observations WHERE feed_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
	CountSince: `SELECT count(*) FROM observations WHERE at >= $1 AND NOT pushed`,
}

// queueObservation queues the insert of o for the feed.
func queueObservation(b *pgx.Batch, feedID int64, o vigil.Observation) {
	b.Queue(
		`INSERT INTO observations (feed_id, at, status, bytes, latency, items, new_items, updated_items,
			not_modified, error, pushed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		dialect.ObservationArgs(feedID, o)...)
}

// insertObservation stores o for the feed.
func insertObservation(ctx context.Context, tx pgx.Tx, feedID int64, o vigil.Observation) error {
	b := &pgx.Batch{}
	queueObservation(b, feedID, o)
	return tx.SendBatch(ctx, b).Close()
}
