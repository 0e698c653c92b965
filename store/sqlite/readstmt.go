package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// maxReadStmts bounds the cache of prepared read statements; the item
// listings have a few dozen shapes (one per combination of filters).
const maxReadStmts = 128

// readStmts caches the statements of the read pool by their SQL, so that
// the reads of every API request (its user, the item listing, the
// subscription) are parsed and planned once per connection, not on every
// request (parsing was a quarter of a listing's cost).
type readStmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// query runs query on the read pool through a cached prepared statement;
// past maxReadStmts shapes it runs the query unprepared.
func (c *readStmts) query(ctx context.Context, pool *sql.DB, query string, args ...any) (*sql.Rows, error) {
	stmt, err := c.get(ctx, pool, query)
	if err != nil {
		return nil, err
	}
	if stmt == nil {
		return pool.QueryContext(ctx, query, args...)
	}
	return stmt.QueryContext(ctx, args...)
}

// queryRow runs a query of one row as query does; a statement that cannot
// be prepared is run unprepared, so that its error comes with the row.
func (c *readStmts) queryRow(ctx context.Context, pool *sql.DB, query string, args ...any) *sql.Row {
	stmt, err := c.get(ctx, pool, query)
	if err != nil || stmt == nil {
		return pool.QueryRowContext(ctx, query, args...)
	}
	return stmt.QueryRowContext(ctx, args...)
}

// get returns the cached statement of query, preparing it if needed, or
// nil when the cache is full.
func (c *readStmts) get(ctx context.Context, pool *sql.DB, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.m[query]; ok {
		return s, nil
	}
	if len(c.m) >= maxReadStmts {
		return nil, nil
	}
	s, err := pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = make(map[string]*sql.Stmt)
	}
	c.m[query] = s
	return s, nil
}

// close closes every cached statement.
func (c *readStmts) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, s := range c.m {
		s.Close()
		delete(c.m, q)
	}
}
