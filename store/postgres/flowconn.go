package postgres

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// conn is the database as sqlflow runs statements on it: the pool, for
// reads and writes alike.
type conn struct{ db *DB }

// Read returns the pool.
func (c conn) Read() sqlflow.Querier { return flowQuerier{c.db.pool} }

// Hot returns the pool, which keeps the statements it runs prepared.
func (c conn) Hot() sqlflow.Querier { return flowQuerier{c.db.pool} }

// Write returns the pool.
func (c conn) Write() sqlflow.Querier { return flowQuerier{c.db.pool} }

// Begin starts a transaction.
func (c conn) Begin(ctx context.Context) (sqlflow.Tx, error) {
	tx, err := c.db.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return txQuerier{flowQuerier{tx}, tx}, nil
}

// Snapshot starts a read-only repeatable-read transaction.
func (c conn) Snapshot(ctx context.Context) (sqlflow.Tx, error) {
	tx, err := c.db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, err
	}
	return txQuerier{flowQuerier{tx}, tx}, nil
}

// pgxRunner is what a pool and a transaction offer.
type pgxRunner interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// flowQuerier runs sqlflow's statements through pgx. pgx.ErrNoRows is
// sqlflow.ErrNoRows to errors.Is.
type flowQuerier struct{ r pgxRunner }

// Exec runs a statement and returns the number of rows it affected.
func (q flowQuerier) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := q.r.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

// Query runs a query.
func (q flowQuerier) Query(ctx context.Context, query string, args ...any) (sqlflow.Rows, error) {
	return q.r.Query(ctx, query, args...)
}

// QueryRow runs a query of one row.
func (q flowQuerier) QueryRow(ctx context.Context, query string, args ...any) store.Row {
	return q.r.QueryRow(ctx, query, args...)
}

// txQuerier is a transaction as sqlflow runs it.
type txQuerier struct {
	flowQuerier
	tx pgx.Tx
}

// Commit commits the transaction.
func (t txQuerier) Commit(ctx context.Context) error { return t.tx.Commit(ctx) }

// Rollback ends the transaction unless it committed.
func (t txQuerier) Rollback(ctx context.Context) { t.tx.Rollback(ctx) }

// Prepare returns the statement of query: pgx prepares and caches the
// statements it runs on each connection by itself.
func (t txQuerier) Prepare(_ context.Context, query string) (sqlflow.Stmt, error) {
	return cachedStmt{t.flowQuerier, query}, nil
}

// cachedStmt is a statement pgx keeps prepared.
type cachedStmt struct {
	q     flowQuerier
	query string
}

// Exec runs the statement and returns the number of rows it affected.
func (c cachedStmt) Exec(ctx context.Context, args ...any) (int64, error) {
	return c.q.Exec(ctx, c.query, args...)
}

// QueryRow runs the statement as a query of one row.
func (c cachedStmt) QueryRow(ctx context.Context, args ...any) store.Row {
	return c.q.QueryRow(ctx, c.query, args...)
}

// dialect is PostgreSQL's as sqlflow tells the stores apart: text loses
// the NUL bytes and invalid UTF-8 PostgreSQL refuses.
var dialect = sqlflow.Dialect{
	Name:         "postgres",
	Text:         clean,
	IsUnique:     isUnique,
	IsForeignKey: isForeignKey,
	IsUniqueOn:   isUniqueOn,
	Placeholder:  func(n int) string { return "$" + strconv.Itoa(n) },
	IDs:          func(ids []int64) (any, error) { return ids, nil },
	Keys:         func(keys []string) (any, error) { return keys, nil },
	TermDeltas:   termDeltas,
	Storable:     storable,
}

// isUniqueOn reports whether err is a violated UNIQUE constraint on the
// column of table, by PostgreSQL's default name for the constraint.
func isUniqueOn(err error, table, column string) bool {
	c, ok := violated(err, uniqueViolation)
	return ok && c == table+"_"+column+"_key"
}

// statements are PostgreSQL's text of every statement sqlflow runs.
var statements = sqlflow.Statements{
	Notify: `INSERT INTO notices (user_id, at, text)
		SELECT user_id, $1, $2 FROM subscriptions WHERE feed_id = $3`,
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

// feedWriter writes observations and feed states in batches (see
// conntx.go).
type feedWriter struct{}

// InsertObservation stores an observation.
func (feedWriter) InsertObservation(ctx context.Context, tx sqlflow.Tx, feedID int64, o vigil.Observation) error {
	return insertObservation(ctx, tx.(txQuerier).tx, feedID, o)
}

// SaveFeedState stores the mutable state of a feed.
func (feedWriter) SaveFeedState(ctx context.Context, tx sqlflow.Tx, id int64, feed *vigil.Feed) error {
	return saveFeedState(ctx, tx.(txQuerier).tx, id, feed)
}
