package sqlite

import (
	"context"
	"database/sql"

	"vigil"
	"vigil/store/sqlflow"
)

// observationSQL is the SQLite text of the queries of observations.
var observationSQL = sqlflow.ObservationSQL{
	List: `SELECT id, feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error, pushed
		 FROM observations WHERE feed_id = ? ORDER BY at DESC, id DESC LIMIT ?`,
	CountSince: `SELECT count(*) FROM observations WHERE at >= ? AND pushed = 0`,
}

// insertObservation stores o for the feed and returns its ID.
func insertObservation(ctx context.Context, stmt *sql.Stmt, feedID int64, o vigil.Observation) (int64, error) {
	res, err := stmt.ExecContext(ctx, dialect.ObservationArgs(feedID, o)...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}
