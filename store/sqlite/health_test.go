package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"vigil"
	"vigil/store/sqlite"
)

// TestPingRefusesReadOnlyFile checks that the readiness check writes: on a
// database whose writing connection may only read, every write fails, and
// so must Ping.
func TestPingRefusesReadOnlyFile(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("Ping of a writable store: %v", err)
	}
	if err := db.CreateUser(ctx, &vigil.User{Name: "bob"}); err != nil {
		t.Fatalf("a write after Ping: %v", err)
	}
	raw, err := sql.Open("sqlite", db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var left int
	if err := raw.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'vigil_ready_probe'`).Scan(&left); err != nil || left != 0 {
		t.Errorf("Ping left its probe behind: %d tables, %v", left, err)
	}
	if err := db.RefuseWrites(); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(ctx, &vigil.User{Name: "ann"}); err == nil {
		t.Fatal("a write succeeded on a read-only connection: the test proves nothing")
	}
	if err := db.Ping(ctx); err == nil {
		t.Error("Ping of a store that cannot write succeeded")
	}
}
