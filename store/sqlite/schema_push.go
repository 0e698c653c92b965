package sqlite

import (
	"slices"

	"vigil/store/sqlflow"
)

// schemaPush is sqlflow.PushSchema in this store's column types.
var schemaPush = columnTypes.Expand(sqlflow.PushSchema)

// insertObservationSQL stores an observation (feed, at, status, bytes,
// latency, items, new items, updated items, not modified, error, pushed);
// under a schema before schemaPush, which tests of older migrations
// open, the pushed mark is dropped.
func insertObservationSQL() string {
	if !slices.ContainsFunc(migrations, func(m migration) bool { return m.sql == schemaPush }) {
		return `INSERT INTO observations (feed_id, at, status, bytes, latency, items,
			new_items, updated_items, not_modified, error)
			SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ?11 IS NOT NULL`
	}
	return `INSERT INTO observations (feed_id, at, status, bytes, latency, items,
			new_items, updated_items, not_modified, error, pushed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
}
