package opener

import (
	"context"

	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// OpenReadOnly opens the existing store called name for a command that
// only reads: a PostgreSQL database as Open does (its server guards the
// data), an SQLite file read-only with the connection sizes o, so that a
// file in a directory the user may not write can still be read (see
// sqlite.OpenReadOnly). An SQLite file whose schema needs migrating gives
// an error wrapping sqlite.ErrSchemaBehind: the caller opens it with Open.
func OpenReadOnly(ctx context.Context, name string, o sqlite.Options) (store.Store, error) {
	if postgres.IsURL(name) {
		return postgres.Open(ctx, name)
	}
	return sqlite.OpenReadOnly(name, o)
}
