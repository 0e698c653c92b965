package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
	"vigil/store/sqlflow"
)

// migrationLock is the key of the transaction-level advisory lock that
// makes processes starting at once apply the migrations one at a time.
const migrationLock = 0x76696769_6c000001

// migration is one schema change: SQL, if any, then, if set, a step in
// Go for what SQL cannot compute.
type migration struct {
	sql string
	run func(context.Context, pgx.Tx) error
}

// migrations are the schema changes in order; migration i (from 0) brings
// the database to version i+1. Never edit one that has been released:
// append.
var migrations = []migration{
	{sql: schemaV1}, {sql: schemaV2}, {sql: schemaV3}, {sql: schemaV4}, {sql: schemaV5},
	{sql: schemaV6}, {sql: schemaV7}, {sql: schemaV8}, {run: reindexSearchText},
	{sql: schemaBoundedProfiles},
	{sql: columnTypes.Expand(sqlflow.AlertsSchema)},
	{sql: schemaPageReturns},
	{sql: columnTypes.Expand(sqlflow.PushSchema)},
	{sql: sqlflow.PageReadingSchema},
	{sql: sqlflow.PageNoiseSchema},
	{sql: schemaFeedsDueOnly},
	{sql: schemaFeedsInline},
	{sql: schemaSortTies},
	{sql: columnTypes.Expand(sqlflow.AccessLooksSchema)},
}

// migrate applies the pending migrations in one transaction that holds
// migrationLock, together with the version they bring the schema to, so a
// failed migration leaves the database as it was and two processes never
// migrate at once. The version lives in vigil_schema, one row.
func migrate(ctx context.Context, pool *pgxpool.Pool, name string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: unable to migrate %s: %w", name, err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
		return fmt.Errorf("postgres: unable to lock %s for migration: %w", name, err)
	}
	version, err := schemaVersion(ctx, tx)
	if err != nil {
		return fmt.Errorf("postgres: unable to read the schema version of %s: %w", name, err)
	}
	if version > len(migrations) {
		return vigil.Errorf(vigil.EINVALID,
			"postgres: %s has schema version %d, newer than this vigil knows (%d): upgrade vigil", name, version, len(migrations))
	}
	if version == len(migrations) {
		return nil
	}
	for v := version; v < len(migrations); v++ {
		if err := apply(ctx, tx, migrations[v]); err != nil {
			return fmt.Errorf("postgres: unable to apply migration %d to %s: %w", v+1, name, err)
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE vigil_schema SET version = $1`, len(migrations)); err != nil {
		return fmt.Errorf("postgres: unable to record the schema version of %s: %w", name, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: unable to commit the migration of %s: %w", name, err)
	}
	return nil
}

// apply runs one migration in tx.
func apply(ctx context.Context, tx pgx.Tx, m migration) error {
	if m.sql != "" {
		if _, err := tx.Exec(ctx, m.sql); err != nil {
			return err
		}
	}
	if m.run == nil {
		return nil
	}
	return m.run(ctx, tx)
}

// schemaVersion returns the number of applied migrations, creating the
// version table (at 0) in an empty database. A schema without vigil's
// version table that holds tables already is another program's: it is
// refused (EINVALID) and left as it is, as the embedded store refuses
// another program's SQLite file.
func schemaVersion(ctx context.Context, tx pgx.Tx) (int, error) {
	if err := refuseForeign(ctx, tx); err != nil {
		return 0, err
	}
	_, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS vigil_schema (
		one     BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
		version INTEGER NOT NULL)`)
	if err != nil {
		return 0, err
	}
	var v int
	err = tx.QueryRow(ctx, `SELECT version FROM vigil_schema`).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = tx.Exec(ctx, `INSERT INTO vigil_schema (version) VALUES (0)`)
		return 0, err
	}
	return v, err
}

// MigrationCount is the schema version a fully migrated database has.
func MigrationCount() int { return len(migrations) }

// refuseForeign returns EINVALID when the current schema has no
// vigil_schema table but holds other tables or views, naming a few. Those
// an extension owns (pg_buffercache's view, PostGIS's spatial_ref_sys) are
// not another program's data and do not count.
func refuseForeign(ctx context.Context, tx pgx.Tx) error {
	var names []string
	rows, err := tx.Query(ctx, `SELECT c.relname FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
		  AND NOT EXISTS (SELECT 1 FROM pg_depend d
		                  WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
		  AND to_regclass(quote_ident(current_schema()) || '.vigil_schema') IS NULL
		ORDER BY c.relname LIMIT 4`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil || len(names) == 0 {
		return err
	}
	if len(names) > 3 {
		names = append(names[:3], "...")
	}
	return vigil.Errorf(vigil.EINVALID, "the database holds tables of another program (%s) and no vigil schema: "+
		"it is left as it is; give --db an empty database or one vigil made", strings.Join(names, ", "))
}
