package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// conn is the database as sqlflow runs statements on it: reads on the read
// pool, writes on the writing connection.
type conn struct{ db *DB }

// Read returns the read pool.
func (c conn) Read() sqlflow.Querier { return flowQuerier{c.db.read} }

// Hot returns the read pool, through statements prepared once per shape
// (see readstmt.go).
func (c conn) Hot() sqlflow.Querier { return hotQuerier{c.db} }

// Write returns the writing connection.
func (c conn) Write() sqlflow.Querier { return flowQuerier{c.db.write} }

// Begin starts a write transaction (IMMEDIATE, see db.go).
func (c conn) Begin(ctx context.Context) (sqlflow.Tx, error) {
	tx, err := c.db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return txQuerier{flowQuerier{tx}, tx}, nil
}

// Snapshot starts a read transaction on a reading connection whose file
// mapping is turned off until it ends: mapped, the tens of megabytes a
// long read goes through would stay in the process's resident set for
// nothing.
func (c conn) Snapshot(ctx context.Context) (sqlflow.Tx, error) {
	cn, err := c.db.read.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := cn.ExecContext(ctx, `PRAGMA mmap_size = 0`); err != nil {
		cn.Close()
		return nil, err
	}
	tx, err := cn.BeginTx(ctx, nil)
	if err != nil {
		c.db.remap(ctx, cn)
		return nil, err
	}
	return snapshotTx{txQuerier{flowQuerier{tx}, tx}, c.db, cn}, nil
}

// snapshotTx is a read transaction on a connection without its file
// mapping.
type snapshotTx struct {
	txQuerier
	db *DB
	cn *sql.Conn
}

// Rollback ends the transaction and maps the file again.
func (t snapshotTx) Rollback(ctx context.Context) {
	t.tx.Rollback()
	t.db.remap(ctx, t.cn)
}

// remap restores the file mapping of a reading connection and releases it.
func (db *DB) remap(ctx context.Context, cn *sql.Conn) {
	cn.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("PRAGMA mmap_size = %d", db.mmap))
	cn.Close()
}

// sqlRunner is what a pool and a transaction offer.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// flowQuerier runs sqlflow's statements through database/sql.
type flowQuerier struct{ r sqlRunner }

// Exec runs a statement and returns the number of rows it affected.
func (q flowQuerier) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := q.r.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Query runs a query.
func (q flowQuerier) Query(ctx context.Context, query string, args ...any) (sqlflow.Rows, error) {
	rows, err := q.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

// QueryRow runs a query of one row.
func (q flowQuerier) QueryRow(ctx context.Context, query string, args ...any) store.Row {
	return q.r.QueryRowContext(ctx, query, args...)
}

// hotQuerier runs reads through the cache of prepared read statements.
type hotQuerier struct{ db *DB }

// Exec runs a statement on the read pool.
func (q hotQuerier) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return flowQuerier{q.db.read}.Exec(ctx, query, args...)
}

// Query runs a query through its prepared statement.
func (q hotQuerier) Query(ctx context.Context, query string, args ...any) (sqlflow.Rows, error) {
	rows, err := q.db.reads.query(ctx, q.db.read, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

// QueryRow runs a query of one row through its prepared statement.
func (q hotQuerier) QueryRow(ctx context.Context, query string, args ...any) store.Row {
	return q.db.reads.queryRow(ctx, q.db.read, query, args...)
}

// sqlRows are database/sql rows closed without an error to report (Err
// has it).
type sqlRows struct{ *sql.Rows }

// Close closes the rows.
func (r sqlRows) Close() { r.Rows.Close() }

// txQuerier is a transaction as sqlflow runs it.
type txQuerier struct {
	flowQuerier
	tx *sql.Tx
}

// Commit commits the transaction.
func (t txQuerier) Commit(context.Context) error { return t.tx.Commit() }

// Rollback ends the transaction unless it committed.
func (t txQuerier) Rollback(context.Context) { t.tx.Rollback() }

// Prepare prepares a statement in the transaction.
func (t txQuerier) Prepare(ctx context.Context, query string) (sqlflow.Stmt, error) {
	stmt, err := t.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return preparedStmt{stmt}, nil
}

// preparedStmt is a statement prepared in a transaction, closed with it.
type preparedStmt struct{ stmt *sql.Stmt }

// Exec runs the statement and returns the number of rows it affected.
func (p preparedStmt) Exec(ctx context.Context, args ...any) (int64, error) {
	res, err := p.stmt.ExecContext(ctx, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// QueryRow runs the statement as a query of one row.
func (p preparedStmt) QueryRow(ctx context.Context, args ...any) store.Row {
	return p.stmt.QueryRowContext(ctx, args...)
}

// dialect is SQLite's as sqlflow tells the stores apart.
var dialect = sqlflow.Dialect{
	Name:         "sqlite",
	IsUnique:     isUnique,
	IsForeignKey: isForeignKey,
	IsUniqueOn:   isUniqueOn,
	Placeholder:  func(int) string { return "?" },
	NoLimit:      -1,
	IDs:          jsonIDs,
	Keys:         jsonKeys,
	TermDeltas:   jsonTermDeltas,
}

// isUniqueOn reports whether err is a violated UNIQUE constraint on the
// column of table, which SQLite names in its message.
func isUniqueOn(err error, table, column string) bool {
	return isUnique(err) && strings.Contains(err.Error(), table+"."+column)
}

// jsonTermDeltas passes document frequency changes as one JSON object, for
// json_each.
func jsonTermDeltas(delta map[string]int64) ([]any, error) {
	b, err := json.Marshal(delta)
	return []any{string(b)}, err
}

// jsonIDs passes a list of IDs as a JSON array, for json_each.
func jsonIDs(ids []int64) (any, error) {
	b, err := json.Marshal(ids)
	return string(b), err
}

// jsonKeys encodes a list of texts as the JSON array json_each reads.
func jsonKeys(keys []string) (any, error) {
	b, err := json.Marshal(keys)
	return string(b), err
}

// statements are SQLite's text of every statement sqlflow runs.
var statements = sqlflow.Statements{
	Notify: `INSERT INTO notices (user_id, at, text)
		SELECT user_id, ?, ? FROM subscriptions WHERE feed_id = ?`,
	FetchHours:   fetchHoursQuery,
	Access:       accessSQL,
	Alert:        alertSQL,
	Digest:       digestSQL,
	Feed:         feedSQL,
	FetchList:    fetchListSQL,
	Fever:        feverSQL,
	Folder:       folderSQL,
	Health:       healthSQL,
	Item:         itemSQL,
	Move:         moveSQL,
	Notice:       noticeSQL,
	Observation:  observationSQL,
	Page:         pageSQL,
	PageChange:   pageChangeSQL,
	PageFollow:   pageFollowSQL,
	PageVersion:  pageVersionSQL,
	PlanList:     planListSQL,
	PlanState:    planStateSQL,
	Push:         pushSQL,
	Profile:      profileSQL,
	Session:      sessionSQL,
	State:        stateSQL,
	Stream:       streamSQL,
	Subscription: subscriptionSQL,
	User:         userSQL,
}

// feedWriter writes observations and feed states through the statements
// prepared on the writing connection.
type feedWriter struct{ db *DB }

// InsertObservation stores an observation.
func (w feedWriter) InsertObservation(ctx context.Context, tx sqlflow.Tx, feedID int64, o vigil.Observation) error {
	stmt := tx.(txQuerier).tx.StmtContext(ctx, w.db.stmts.insertObservation)
	_, err := insertObservation(ctx, stmt, feedID, o)
	return err
}

// SaveFeedState stores the mutable state of a feed.
func (w feedWriter) SaveFeedState(ctx context.Context, tx sqlflow.Tx, id int64, feed *vigil.Feed) error {
	st := txStmts{saveFeed: tx.(txQuerier).tx.StmtContext(ctx, w.db.stmts.saveFeed)}
	return saveFeedState(ctx, st, id, feed)
}
