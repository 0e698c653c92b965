package sqlite

import (
	"slices"

	"vigil/store/sqlflow"
)

// schemaAlerts is sqlflow.AlertsSchema in this store's column types.
var schemaAlerts = columnTypes.Expand(sqlflow.AlertsSchema)

// hasOutbox reports whether the migrations create the outbox: the item
// ingest queues alerts only then.
func hasOutbox() bool {
	return slices.ContainsFunc(migrations, func(m migration) bool { return m.sql == schemaAlerts })
}
