package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vigil/store"
)

var _ store.StatisticsKeeper = (*DB)(nil)

// staleTablesSQL lists the tables of the store's schema whose size a
// pass changed past what autovacuum would analyze them for: their live
// rows differ from the rows their statistics were gathered on
// (pg_class.reltuples, none before the table was first vacuumed or
// analyzed) by more than autovacuum_analyze_threshold plus
// autovacuum_analyze_scale_factor times the latter. That is autovacuum's
// own rule (which counts rows changed, n_mod_since_analyze) narrowed to
// the changes that move the planner's estimates: a first refresh's
// thousands of new items. A table whose rows were only updated (a pass of
// 304s rewrites every feed's row and leaves its statistics as they were)
// is left to autovacuum. The server-wide settings are read; vigil sets
// neither on its tables. The counts come from the server's cumulative
// statistics, which a session reports at most about once a second (see
// flushCounts).
const staleTablesSQL = `
SELECT s.relname
FROM pg_stat_user_tables s
JOIN pg_class c ON c.oid = s.relid
WHERE s.schemaname = current_schema()
  AND abs(s.n_live_tup - greatest(c.reltuples, 0)) > current_setting('autovacuum_analyze_threshold')::float8
      + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
ORDER BY s.relname`

// KeepStatistics analyzes the tables whose size changed past autovacuum's
// threshold (see staleTablesSQL), so that a pass that loaded many items (a
// first refresh) pays for the statistics it made stale, and the planner
// has them at once, rather than the server's background analyze landing
// on a later pass. A table already being analyzed is left to that
// session: the lock is waited for at most a tenth of a second.
func (db *DB) KeepStatistics(ctx context.Context) ([]string, error) {
	if err := db.flushCounts(ctx); err != nil {
		return nil, err
	}
	rows, err := db.pool.Query(ctx, staleTablesSQL)
	if err != nil {
		return nil, fmt.Errorf("postgres: listing tables to analyze: %w", err)
	}
	stale, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: listing tables to analyze: %w", err)
	}
	var analyzed []string
	for _, table := range stale {
		done, err := db.analyze(ctx, table)
		if err != nil {
			return analyzed, err
		}
		if done {
			analyzed = append(analyzed, table)
		}
	}
	return analyzed, nil
}

// flushCounts makes the idle sessions of the store's pool and of the
// record session report the rows they changed to the server's cumulative
// statistics now. A session reports them when it goes idle, but at most
// once a second, and an idle one holding counts it could not report waits
// up to ten seconds: the end of a short pass would find most of its writes
// uncounted. pg_stat_force_next_flush (PostgreSQL 15, the oldest vigil
// runs on) makes the session's next report happen whatever the interval,
// and it happens before the session answers that it is ready for the next
// statement.
func (db *DB) flushCounts(ctx context.Context) error {
	var first error
	idle := append(db.pool.AcquireAllIdle(ctx), db.records.AcquireAllIdle(ctx)...)
	for _, c := range idle { // each released, whatever the others do
		if _, err := c.Exec(ctx, `SELECT pg_stat_force_next_flush()`); err != nil && first == nil {
			first = fmt.Errorf("postgres: reporting the session's counts: %w", err)
		}
		c.Release()
	}
	return first
}

// analyze gathers table's statistics, and reports false if another
// session held the table's lock for more than lock_timeout.
func (db *DB) analyze(ctx context.Context, table string) (bool, error) {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL lock_timeout = '100ms'`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `ANALYZE `+pgx.Identifier{table}.Sanitize())
		return err
	})
	if _, busy := violated(err, lockNotAvailable); busy {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("postgres: analyzing %s: %w", table, err)
	}
	return true, nil
}
