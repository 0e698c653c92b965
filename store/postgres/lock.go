package postgres

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// pgxConn is a pooled connection held for a session advisory lock.
type pgxConn = pgxpool.Conn

// whileLocked takes the session advisory lock named name on a connection
// of its own and, if it got it, runs fn with that connection, then unlocks;
// if another session holds the lock it returns at once without running fn.
func (c *Coordinator) whileLocked(ctx context.Context, name string, fn func(conn *pgxConn) error) error {
	conn, err := c.pool.Acquire(ctx)
	if err != nil {
		return dialect.Wrap("lock "+name, err)
	}
	defer conn.Release()
	key := exclusiveKey(name)
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		return dialect.Wrap("lock "+name, err)
	}
	if !got {
		return nil
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
	return fn(conn)
}
