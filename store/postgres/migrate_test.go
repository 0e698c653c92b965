package postgres_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

var ctx = context.Background()

// migrateFrom takes db, open on dsn, back to an older schema by running
// back (which ends by recording that schema's version), closes it and
// opens dsn again, which migrates it; the database it returns is closed
// when the test ends.
func migrateFrom(t *testing.T, db *postgres.DB, dsn, back string) *postgres.DB {
	t.Helper()
	if _, err := db.Pool().Exec(ctx, back); err != nil {
		t.Fatalf("taking the schema back: %v", err)
	}
	db.Close()
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("Open of the schema before: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// schemaVersion reads the recorded schema version of the database at dsn.
func schemaVersion(t *testing.T, dsn string) int {
	t.Helper()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v int
	if err := conn.QueryRow(ctx, `SELECT version FROM vigil_schema`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOpenMigratesOnceUnderConcurrency(t *testing.T) {
	dsn := pgtest.Schema(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			db, err := postgres.Open(ctx, dsn)
			if err == nil {
				db.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent Open: %v", err)
		}
	}
	if v := schemaVersion(t, dsn); v != postgres.MigrationCount() {
		t.Errorf("schema version %d, want %d", v, postgres.MigrationCount())
	}
}

func TestOpenRefusesNewerSchemaAndKeepsData(t *testing.T) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(ctx, &vigil.User{Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool().Exec(ctx, `UPDATE vigil_schema SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = postgres.Open(ctx, dsn)
	if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("Open of a newer schema = %v, want EINVALID saying it is newer", err)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil || n != 1 {
		t.Errorf("users after the refused Open: %d, %v; want 1", n, err)
	}
}

// TestOpenRefusesAnotherProgramsTables checks that a schema holding
// another program's tables, without vigil's, is refused and left as it
// is, even when a table's name is one of vigil's.
func TestOpenRefusesAnotherProgramsTables(t *testing.T) {
	for _, table := range []string{"invoices", "users"} {
		t.Run(table, func(t *testing.T) {
			dsn := pgtest.Schema(t)
			conn, err := pgx.Connect(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			if _, err := conn.Exec(ctx, `CREATE TABLE `+table+` (id INT); INSERT INTO `+table+` VALUES (7)`); err != nil {
				t.Fatal(err)
			}
			_, err = postgres.Open(ctx, dsn)
			if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(err.Error(), "another program ("+table+")") {
				t.Fatalf("Open of another program's schema = %v, want EINVALID naming %s", err, table)
			}
			var tables int
			if err := conn.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&tables); err != nil || tables != 1 {
				t.Errorf("tables after the refused Open: %d, %v; want the one there was", tables, err)
			}
		})
	}
}

// TestOpenTakesASchemaWithAnExtensionsTables checks that a relation an
// extension owns (pg_buffercache's view, installed in the schema) does
// not make a schema another program's.
func TestOpenTakesASchemaWithAnExtensionsTables(t *testing.T) {
	dsn := pgtest.Schema(t)
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // before the schema is dropped: an extension is the database's
		if _, err := conn.Exec(ctx, `DROP EXTENSION IF EXISTS pg_buffercache`); err != nil {
			t.Error(err)
		}
		conn.Close(ctx)
	})
	if _, err := conn.Exec(ctx, `CREATE EXTENSION pg_buffercache SCHEMA `+pgx.Identifier{schemaOf(t, conn)}.Sanitize()); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("pg_buffercache (PostgreSQL's contrib) is needed in CI: %v", err)
		}
		t.Skipf("no pg_buffercache here: %v", err)
	}
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("Open of a schema holding an extension's view = %v, want it taken", err)
	}
	db.Close()
}

// schemaOf returns conn's current schema.
func schemaOf(t *testing.T, conn *pgx.Conn) string {
	var name string
	if err := conn.QueryRow(ctx, `SELECT current_schema()`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestOpenRefusesBadURLs(t *testing.T) {
	tests := []struct{ name, dsn, want string }{
		{"a file path", "vigil.db", "not a postgres:// URL"},
		{"bad port", "postgres://postgres@127.0.0.1:notaport/test", "not valid"},
		{"nobody answers", "postgres://postgres:secret@127.0.0.1:1/test?connect_timeout=2", "unable to connect"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := postgres.Open(ctx, tt.dsn)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Open(%q) = %v, want an error containing %q", tt.dsn, err, tt.want)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
}
