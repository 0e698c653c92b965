package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil/store/postgres/pgtest"
	"vigil/store/sqlflow"
)

// TestPingRefusesReadOnlySessions opens the same migrated database on a
// session that may only read (as a hot standby is): Ping, a readiness
// check, must say the store cannot serve.
func TestPingRefusesReadOnlySessions(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Schema(t)
	db, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("Ping of a writable store: %v", err)
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	readOnly := onPool(t, pool, "read-only")
	defer readOnly.Close()
	if err := readOnly.Ping(ctx); err == nil {
		t.Error("Ping of a read-only session succeeded")
	}
}

// TestPingRefusesRolesThatMayNotWrite opens the same database as a role
// that may read every table and write none: its session is not read-only,
// yet every write fails, and so must Ping.
func TestPingRefusesRolesThatMayNotWrite(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Schema(t)
	db, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	grant := `DO $$ BEGIN CREATE ROLE vigil_reader NOLOGIN;
		EXCEPTION WHEN duplicate_object THEN NULL; END $$;
		GRANT USAGE ON SCHEMA ` + schemaOf(t, db) + ` TO vigil_reader;
		GRANT SELECT ON ALL TABLES IN SCHEMA ` + schemaOf(t, db) + ` TO vigil_reader`
	if _, err := db.pool.Exec(ctx, grant); err != nil {
		t.Fatal(err)
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["role"] = "vigil_reader"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	reader := onPool(t, pool, "reader")
	defer reader.Close()
	var v int
	if err := pool.QueryRow(ctx, `SELECT version FROM vigil_schema`).Scan(&v); err != nil {
		t.Fatalf("the reader cannot read: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE feeds SET url = url`); err == nil {
		t.Fatal("the reader may write: the test proves nothing")
	}
	if err := reader.Ping(ctx); err == nil {
		t.Error("Ping as a role that may not write succeeded")
	}
}

// schemaOf returns the schema db's session works in.
func schemaOf(t *testing.T, db *DB) string {
	var name string
	if err := db.pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return `"` + name + `"`
}

// onPool returns the store on pool, left as it is (no migration).
func onPool(t *testing.T, pool *pgxpool.Pool, name string) *DB {
	records, err := recordSession(pool.Config())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(records.Close)
	db := &DB{pool: pool, records: records, name: name}
	if db.Store, err = sqlflow.New(conn{db}, dialect, statements, feedWriter{}); err != nil {
		t.Fatal(err)
	}
	return db
}
