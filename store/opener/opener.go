// Package opener opens the store a --db value (or VIGIL_DB) names: a
// postgres:// or postgresql:// URL opens store/postgres, anything else is
// the path of an embedded SQLite file (store/sqlite). Every command opens
// its store through Open.
package opener

import (
	"context"

	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// Open opens the store called name: a PostgreSQL database for a
// postgres:// URL, else the SQLite file at that path.
func Open(ctx context.Context, name string) (store.Store, error) {
	if postgres.IsURL(name) {
		return postgres.Open(ctx, name)
	}
	return sqlite.Open(name)
}
