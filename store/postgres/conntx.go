package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// batcher sends a batch of statements in one round trip: a pooled
// connection on which a transaction was begun by a queued BEGIN, so that
// the BEGIN and the COMMIT travel with the transaction's first and last
// statements instead of taking a round trip each.
type batcher interface {
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// rollback ends a transaction begun on conn that did not commit. If the
// ROLLBACK fails the connection is left outside its idle state, and the
// pool closes it instead of reusing it.
func rollback(ctx context.Context, conn *pgxpool.Conn) {
	if conn.Conn().PgConn().TxStatus() == 'I' {
		return
	}
	conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`)
}
