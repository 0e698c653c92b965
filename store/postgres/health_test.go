package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil/store/postgres/pgtest"
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
	readOnly := &DB{pool: pool, name: "read-only"}
	defer readOnly.Close()
	if err := readOnly.Ping(ctx); err == nil {
		t.Error("Ping of a read-only session succeeded")
	}
}
