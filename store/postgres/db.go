// Package postgres implements store.Store on PostgreSQL through
// github.com/jackc/pgx/v5 and its connection pool, so that several vigil
// processes on several machines can share one installation.
//
// Times are stored as BIGINT Unix nanoseconds in UTC (NULL for the zero
// time), exactly as the embedded SQLite store keeps them, so that both
// stores return the same instants to the nanosecond. Every multi-statement
// write runs in one transaction.
//
// Most methods are written once for both SQL stores in store/sqlflow: this
// package gives them its pool (flowconn.go), its dialect and the
// PostgreSQL text of their statements (in the file of each concept), and
// keeps what it does its own way: Ingest in two round trips, search, the
// worker coordination, and the migrations and their runner. sqlflow also
// writes once the tables both stores create (this package gives it
// PostgreSQL's column types in schema.go; the users, items and item_states
// tables, the search columns and the migrations that differ stay here),
// the item queries' reading (QueryItems), the error wrapping
// (Dialect.Wrap), the arguments of the feed state, observation and item
// writes (Dialect.FeedStateArgs, Dialect.ObservationArgs, ItemArgs) and
// Ingest's view of a new or edited item (ChangedItem).
package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// DB is a vigil store kept in a PostgreSQL database. It is safe for
// concurrent use, by many processes at once.
type DB struct {
	*sqlflow.Store // the methods written once for every SQL store

	pool    *pgxpool.Pool
	records *pgxpool.Pool // the recorder's session (recordSession)
	name    string        // the connection string without its password, for errors
	rec     recorder
}

var _ store.Store = (*DB)(nil)

// IsURL reports whether name is a PostgreSQL connection URL
// (postgres:// or postgresql://) rather than a file path.
func IsURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// Open connects to the PostgreSQL database at the connection URL dsn and
// migrates its schema to the current version (see migrate). The URL may
// name a schema with the search_path parameter. A database written by a
// newer version of vigil is refused and left untouched.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if !IsURL(dsn) {
		return nil, vigil.Errorf(vigil.EINVALID, "postgres: %q is not a postgres:// URL", redact(dsn))
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, vigil.Errorf(vigil.EINVALID, "postgres: the connection URL %q is not valid: %s", redact(dsn), pgMessage(err))
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: unable to connect to %s: %w", redact(dsn), err)
	}
	db := &DB{pool: pool, name: redact(dsn)}
	db.rec.db = db
	if db.records, err = recordSession(cfg); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: unable to open the record session of %s: %w", db.name, err)
	}
	if db.Store, err = sqlflow.New(conn{db}, dialect, statements, feedWriter{}); err != nil {
		db.Close()
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: unable to connect to %s: %w", db.name, err)
	}
	if err := migrate(ctx, pool, db.name); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Close releases the connection pools.
func (db *DB) Close() error {
	db.records.Close()
	db.pool.Close()
	return nil
}

// Pool returns the connection pool, for the worker coordination that lives
// beside the store (leases, host gaps, advisory locks).
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// redact removes the password from a connection URL (see Redact).
func redact(dsn string) string { return Redact(dsn) }

// Redact returns a connection URL with its password, if any, replaced by xxxxx.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// pgMessage returns the text of err without wrapping detail.
func pgMessage(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}
