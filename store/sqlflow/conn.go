// Package sqlflow writes the flow of the SQL stores' methods once: the
// validation, the statements each runs and in what order, the scanning of
// their rows and the mapping of their errors. A store supplies a Conn (its
// driver behind Querier), a Dialect (what differs in its errors and text)
// and Statements (the text of every statement in its SQL dialect), and
// embeds the Store this package builds from them.
//
// It also writes once what the stores' own code shares: the text of the
// tables both create, with the column types in braces that each store's
// ColumnTypes names (schema.go), the arguments of the writes of a feed's
// state, of an observation and of an item (writeargs.go), and what
// Ingest learns of a fetch's new or edited item (ChangedItem). What stays each
// store's own: its driver and connections, the text of its statements,
// Ingest, search, the tables whose history differs (users, items,
// item_states, the search indexes) and the migrations' list and runner.
package sqlflow

import (
	"context"
	"database/sql"

	"vigil/store"
)

// ErrNoRows is what a Row's Scan returns when the query found no row,
// whatever the driver.
var ErrNoRows = sql.ErrNoRows

// Rows are the rows of a query, to be closed once read.
type Rows interface {
	store.Rows
	Close()
}

// Querier runs statements: on a connection pool or in a transaction.
type Querier interface {
	// Exec runs a statement and returns the number of rows it affected.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Query runs a query of any number of rows.
	Query(ctx context.Context, query string, args ...any) (Rows, error)
	// QueryRow runs a query of one row; its Scan returns ErrNoRows when
	// there is none.
	QueryRow(ctx context.Context, query string, args ...any) store.Row
}

// Stmt is a statement prepared in a transaction, for running many times.
type Stmt interface {
	// Exec runs the statement and returns the number of rows it affected.
	Exec(ctx context.Context, args ...any) (int64, error)
	// QueryRow runs the statement as a query of one row.
	QueryRow(ctx context.Context, args ...any) store.Row
}

// Tx is a transaction.
type Tx interface {
	Querier
	// Prepare prepares a statement the transaction runs many times; it
	// lasts until the transaction ends.
	Prepare(ctx context.Context, query string) (Stmt, error)
	// Commit commits the transaction.
	Commit(ctx context.Context) error
	// Rollback ends the transaction unless it committed.
	Rollback(ctx context.Context)
}

// Conn is a store's database.
type Conn interface {
	// Read is where queries outside a transaction run.
	Read() Querier
	// Hot is where the reads of every request run (its user, its
	// subscription): a store may keep their statements prepared.
	Hot() Querier
	// Write is where single writes outside a transaction run.
	Write() Querier
	// Begin starts a write transaction.
	Begin(ctx context.Context) (Tx, error)
	// Snapshot starts a read-only transaction that sees one snapshot
	// throughout, for a long read of much of the database.
	Snapshot(ctx context.Context) (Tx, error)
}
