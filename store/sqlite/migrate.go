package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"vigil/store/sqlflow"
)

// migration is one schema change: SQL, then an optional step in Go for what
// SQL alone cannot do, both in the same transaction. A migration that
// rewrites much of the file sets vacuum, so that once the migrations are
// applied the file is rewritten without the pages it freed (see reclaim).
type migration struct {
	sql    string
	fill   func(ctx context.Context, tx *sql.Tx) error
	vacuum bool
}

// migrations are the schema changes in order; migration i (from 0) brings the
// database to user_version i+1. Never edit one that has been released: append.
var migrations = []migration{
	{sql: schemaV1},
	{sql: schemaV2},
	{sql: schemaV3, fill: indexStoredItems},
	{sql: schemaReading},
	{sql: schemaV4},
	{sql: schemaPlanStates},
	{sql: schemaSearchBodyFirst, fill: indexStoredItems, vacuum: true},
	{sql: schemaBoundedProfiles, vacuum: true},
	{sql: schemaAlerts},
	{sql: schemaPageReturns},
	{sql: schemaPush},
	{sql: sqlflow.PageReadingSchema},
	{sql: sqlflow.PageNoiseSchema},
	{sql: columnTypes.Expand(sqlflow.AccessLooksSchema)},
}

// querier is what both *sql.DB and *sql.Tx offer for reading.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// userVersion reads PRAGMA user_version, the number of applied migrations.
func userVersion(ctx context.Context, q querier) (int, error) {
	var v int
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, err
	}
	return v, nil
}

// migrate applies the pending migrations, each in its own transaction
// together with the version bump that records it, and tells progress, when
// not nil, after each one applied to a database that had a schema.
func migrate(ctx context.Context, pool *sql.DB, abs string, progress func(done, total int)) error {
	start, err := userVersion(ctx, pool)
	if err != nil {
		return fmt.Errorf("sqlite: unable to read the schema version of %s: %w", abs, err)
	}
	for {
		done, err := migrateOne(ctx, pool, abs)
		if err != nil {
			return err
		}
		if done {
			return reclaim(ctx, pool, abs, start)
		}
		if progress != nil && start > 0 { // a new file is not migrated but created
			v, err := userVersion(ctx, pool)
			if err != nil {
				return fmt.Errorf("sqlite: unable to read the schema version of %s: %w", abs, err)
			}
			progress(v-start, len(migrations)-start)
		}
	}
}

// migrateOne applies the next pending migration and reports whether the
// schema was already current.
func migrateOne(ctx context.Context, pool *sql.DB, abs string) (done bool, err error) {
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("sqlite: unable to migrate %s: %w", abs, err)
	}
	defer tx.Rollback()
	version, err := userVersion(ctx, tx)
	if err != nil {
		return false, fmt.Errorf("sqlite: unable to read the schema version of %s: %w", abs, err)
	}
	if err := checkVersion(abs, version); err != nil {
		return false, err
	}
	if version == len(migrations) {
		return true, nil
	}
	if err := apply(ctx, tx, migrations[version]); err != nil {
		return false, fmt.Errorf("sqlite: unable to apply migration %d to %s: %w", version+1, abs, err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", version+1)); err != nil {
		return false, fmt.Errorf("sqlite: unable to record migration %d in %s: %w", version+1, abs, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("sqlite: unable to commit migration %d to %s: %w", version+1, abs, err)
	}
	return false, nil
}

// apply runs a migration's SQL and then its Go step, if any.
func apply(ctx context.Context, tx *sql.Tx, m migration) error {
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	if m.fill == nil {
		return nil
	}
	return m.fill(ctx, tx)
}

// reclaim rewrites the file (VACUUM) when a migration applied to a database
// that was at version start asked for it: rebuilding the full-text index
// (schemaSearchBodyFirst) frees the pages of the old index, and without
// VACUUM an upgraded file would keep them, unused until new items fill
// them, instead of being as small as a new one. VACUUM needs about the
// file's size of temporary space and time in proportion to it, as the
// migration did; it changes no row. A new file needs none.
func reclaim(ctx context.Context, pool *sql.DB, abs string, start int) error {
	if start == 0 || !slices.ContainsFunc(migrations[start:], func(m migration) bool { return m.vacuum }) {
		return nil
	}
	if _, err := pool.ExecContext(ctx, "VACUUM"); err != nil {
		return fmt.Errorf("sqlite: unable to reclaim the free pages of %s after migrating: %w", abs, err)
	}
	return nil
}
