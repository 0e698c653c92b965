// Package pgtest gives tests a PostgreSQL schema of their own on the server
// at VIGIL_TEST_POSTGRES (default postgres://postgres@127.0.0.1:5432/test),
// so that tests run in parallel and leave nothing behind. Where no server
// answers, a test is skipped with a message, or fails when CI=true: in CI a
// missing PostgreSQL is a failure, never a skip.
package pgtest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultServer is the server tests use when VIGIL_TEST_POSTGRES is unset.
const DefaultServer = "postgres://postgres@127.0.0.1:5432/test"

// seq numbers the schemas of one process.
var seq atomic.Int64

// Server returns the connection URL of the test server.
func Server() string {
	if s := os.Getenv("VIGIL_TEST_POSTGRES"); s != "" {
		return s
	}
	return DefaultServer
}

// Schema creates an empty schema for the test and returns a connection URL
// whose search_path is that schema; the schema is dropped when the test
// ends.
func Schema(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, Server())
	if err != nil {
		unavailable(t, err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("vigil_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, seq.Add(1))
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: unable to create schema %s: %v", name, err)
	}
	t.Cleanup(func() { drop(t, name) })
	u, err := url.Parse(Server())
	if err != nil {
		t.Fatalf("pgtest: VIGIL_TEST_POSTGRES is not a URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// unavailable skips the test, or fails it in CI.
func unavailable(t testing.TB, err error) {
	t.Helper()
	msg := fmt.Sprintf("pgtest: no PostgreSQL at %s (set VIGIL_TEST_POSTGRES): %v", Server(), err)
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// drop removes a test's schema and everything in it.
func drop(t testing.TB, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, Server())
	if err != nil {
		t.Errorf("pgtest: unable to drop schema %s: %v", name, err)
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE"); err != nil {
		t.Errorf("pgtest: unable to drop schema %s: %v", name, err)
	}
}
