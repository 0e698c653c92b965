package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
	"vigil/store"
)

// Advisory lock keys of the coordination. Exclusive tasks lock a key made
// from their name (exclusiveKey).
const budgetLock = 0x76696769_6c000002

// DefaultLease is how long a claim on a feed or a host lasts: longer than
// a fetch may take (fetch.DefaultTimeout, 30 s) plus storing it, so that a
// live worker never loses a lease it still needs, and short enough that a
// dead worker's feeds are soon fetched by the others.
const DefaultLease = 2 * time.Minute

// Coordinator is store.Coordinator on PostgreSQL: any number of worker
// processes on any number of machines share one database's feeds, budget,
// hosts and re-plan through it. Times come from the monitor's clock, so the
// workers' clocks must agree to well within the lease and the host gap
// (NTP does).
type Coordinator struct {
	db      *DB
	pool    *pgxpool.Pool // the coordination's own sessions (see asyncPool), or the store's
	ownPool bool          // pool is the coordination's own, closed by Close
	worker  string        // who holds the leases this process takes
	lease   time.Duration // how long a lease lasts
	gap     time.Duration // least time from the end of one request to a host to the start of the next

	mu     sync.Mutex
	leased map[string]time.Time // hosts this worker leased, in use: when taken
	kept   map[string]keptHost  // hosts whose leases KeepHost kept between requests
}

var _ store.Coordinator = (*Coordinator)(nil)

// NewCoordinator returns the coordinator of one worker process named
// worker ("" names it by host name and process ID), with leases of lease
// (0: DefaultLease) and a host gap of gap. Across workers the gap runs from
// the end of one request to a host to the start of the next, a little
// politer than the in-process limiter (from start to start), so that no
// host sees two requests closer than gap whatever the network delays.
// It opens connections of its own; Close releases them.
func NewCoordinator(db *DB, worker string, lease, gap time.Duration) (*Coordinator, error) {
	pool, err := asyncPool(db)
	if err != nil {
		return nil, err
	}
	c := newCoordinator(db, pool, worker, lease, gap)
	c.ownPool = true
	return c, nil
}

// NewPassCoordinator is NewCoordinator for a process that coordinates
// little, a `vigil fetch` pass: it claims no feeds, and keeps its host
// leases between its fetches of a host (KeepHost), so that it sends a
// statement of its own for a few fetches in a hundred. Those go through
// db's connections (committed as durably as the store's) instead of
// connections of its own: each connection is a server process, whose
// start and first statements cost the server more CPU than a pass's
// coordination then does. Close leaves db's connections open.
func NewPassCoordinator(db *DB, worker string, lease, gap time.Duration) *Coordinator {
	return newCoordinator(db, db.pool, worker, lease, gap)
}

// newCoordinator returns the coordinator of worker on pool.
func newCoordinator(db *DB, pool *pgxpool.Pool, worker string, lease, gap time.Duration) *Coordinator {
	if worker == "" {
		name, _ := os.Hostname()
		worker = fmt.Sprintf("%s-%d", name, os.Getpid())
	}
	if lease <= 0 {
		lease = DefaultLease
	}
	return &Coordinator{db: db, pool: pool, worker: worker, lease: lease, gap: max(gap, 0),
		leased: map[string]time.Time{}, kept: map[string]keptHost{}}
}

// Close releases the coordinator's connections, if it has its own.
func (c *Coordinator) Close() {
	if c.ownPool {
		c.pool.Close()
	}
}

// Worker returns the name the coordinator holds its leases under.
func (c *Coordinator) Worker() string { return c.worker }

// ClaimDue first ends this worker's leases on the feeds of done (whose
// fetches ended since its last claim), then leases it up to limit due
// feeds and returns them as stored, by ID, all in one statement: the rows
// are chosen with SELECT ... FOR UPDATE SKIP LOCKED (rows another worker
// is claiming or ingesting are skipped, not waited for), must be due at
// now, followed and without an unexpired lease, and are taken earliest
// first. With a budget, the transaction first takes an advisory lock that
// serialises every worker's claims and counts the fetches stored in the
// hour before now plus the feeds leased now, and claims no more than the
// rest: the budget holds across workers (a fetch counts twice in the
// moment between storing it and releasing its lease, never less than once).
func (c *Coordinator) ClaimDue(ctx context.Context, now time.Time, limit, budget int, done []int64) ([]vigil.Feed, bool, error) {
	if done == nil {
		done = []int64{} // an empty array, not NULL
	}
	if budget <= 0 {
		// One statement, its own transaction: one round trip.
		feeds, err := c.claim(ctx, c.pool, now, limit, done)
		return feeds, false, err
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return nil, false, dialect.Wrap("claim due feeds", err)
	}
	defer tx.Rollback(ctx)
	used, err := c.lockAndCountSpent(ctx, tx, now, done)
	if err != nil {
		return nil, false, err
	}
	spent := false
	if room := budget - used; room < limit {
		limit, spent = max(room, 0), true
	}
	feeds, err := c.claim(ctx, tx, now, limit, done) // done: not taken back
	if err != nil {
		return nil, false, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, false, dialect.Wrap("claim due feeds", err)
	}
	return feeds, spent && len(feeds) == limit, nil
}

// querier runs a statement: the pool (in a transaction of its own) or a
// transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// claimSQL ends the worker's ($3) leases on the feeds of the array $5,
// leases it up to $2 feeds due at $1 until $4 (none of $5: a row is
// updated once per statement), and returns them as stored.
const claimSQL = `WITH ended AS (
		UPDATE feeds SET claimed_by = NULL, lease_until = NULL
		WHERE id = ANY($5::bigint[]) AND claimed_by = $3),
	due AS (
		SELECT f.id FROM feeds f
		WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		  AND (f.lease_until IS NULL OR f.lease_until <= $1)
		  AND f.id <> ALL($5::bigint[])
		  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		ORDER BY f.next_fetch NULLS FIRST, f.id
		LIMIT $2
		FOR UPDATE SKIP LOCKED)
	UPDATE feeds f SET claimed_by = $3, lease_until = $4 FROM due WHERE f.id = due.id
	RETURNING ` + feedColumns

// claim ends the leases of done and leases up to limit due feeds to this
// worker (see ClaimDue); it returns them by ID.
func (c *Coordinator) claim(ctx context.Context, q querier, now time.Time, limit int, done []int64) ([]vigil.Feed, error) {
	if limit <= 0 && len(done) == 0 {
		return nil, nil
	}
	rows, err := q.Query(ctx, claimSQL, instant(now), max(limit, 0), c.worker, instant(now.Add(c.lease)), done)
	if err != nil {
		return nil, dialect.Wrap("claim due feeds", err)
	}
	feeds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vigil.Feed, error) {
		f, err := scanFeed(r)
		if err != nil {
			return vigil.Feed{}, err
		}
		return *f, nil
	})
	if err != nil {
		return nil, dialect.Wrap("claim due feeds", err)
	}
	slices.SortFunc(feeds, func(a, b vigil.Feed) int { return cmp.Compare(a.ID, b.ID) })
	return feeds, nil
}

// Renew extends this worker's lease on a feed to lease after now, if the
// worker still holds it (unexpired) or holds it expired while no one else
// took it and the feed is still due.
func (c *Coordinator) Renew(ctx context.Context, feedID int64, now time.Time) (bool, error) {
	tag, err := c.exec(ctx,
		`UPDATE feeds SET lease_until = $4
		 WHERE id = $1 AND claimed_by = $2
		   AND (lease_until > $3 OR next_fetch IS NULL OR next_fetch <= $3)`,
		feedID, c.worker, instant(now), instant(now.Add(c.lease)))
	if err != nil {
		return false, dialect.Wrap("renew lease", err)
	}
	return tag.RowsAffected() == 1, nil
}

// lockAndCountSpent ends the worker's leases on the feeds of done, takes
// the budget's advisory lock for the transaction and counts the fetches of
// the budget window before now: those stored and those under an unexpired
// lease. All go in one batch (one round trip);
// the count is a statement of its own after the lock, so under READ
// COMMITTED it reads what committed once the lock was held.
func (c *Coordinator) lockAndCountSpent(ctx context.Context, tx pgx.Tx, now time.Time, done []int64) (int, error) {
	var n int
	b := &pgx.Batch{}
	if len(done) > 0 {
		b.Queue(`UPDATE feeds SET claimed_by = NULL, lease_until = NULL WHERE id = ANY($1::bigint[]) AND claimed_by = $2`, done, c.worker)
	}
	b.Queue(`SELECT pg_advisory_xact_lock($1)`, int64(budgetLock))
	b.Queue(`SELECT (SELECT count(*) FROM observations WHERE at >= $1 AND NOT pushed)
		      + (SELECT count(*) FROM feeds WHERE lease_until > $2)`,
		instant(now.Add(-time.Hour)), instant(now)).QueryRow(func(r pgx.Row) error { return r.Scan(&n) })
	return n, dialect.WrapIf("lock and count the budget", tx.SendBatch(ctx, b).Close())
}

// Release ends this worker's lease on a feed; a lease that expired and
// went to another worker is left alone.
func (c *Coordinator) Release(ctx context.Context, feedID int64) error {
	_, err := c.exec(ctx,
		`UPDATE feeds SET claimed_by = NULL, lease_until = NULL WHERE id = $1 AND claimed_by = $2`, feedID, c.worker)
	return dialect.WrapIf("release feed", err)
}

// AcquireHost leases a host to this worker if its gap has passed and no
// unexpired lease holds it, in one conditional upsert (the row lock makes
// concurrent claims of one host take turns and re-check the condition);
// otherwise it reports when the host may be free. Both happen in one
// statement (one round trip): when the upsert takes nothing, the same
// statement reads the host's row as its snapshot saw it, which may be a
// moment older than the row the upsert re-checked, so the retry time is a
// hint (a too-early retry only asks again), never a claim.
func (c *Coordinator) AcquireHost(ctx context.Context, host string, now time.Time) (bool, time.Time, error) {
	ok, _, retry, err := c.AcquireHostRenewing(ctx, host, 0, now)
	return ok, retry, err
}

// AcquireHostRenewing is AcquireHost for the fetch of the feed feedID (0:
// none) that this worker claimed: when the statement takes the host, it
// also renews the worker's lease on the feed as Renew does, and renewed
// reports whether it could (false: the lease was lost, and the host is
// held all the same until ReleaseHost).
//
// A lease KeepHost kept is taken back without a round trip (renewing the
// feed's lease then takes one, Renew).
func (c *Coordinator) AcquireHostRenewing(ctx context.Context, host string, feedID int64, now time.Time) (ok, renewed bool, retry time.Time, err error) {
	kept, held, retry, stale := c.takeKept(host, now)
	switch {
	case held:
		return false, false, retry, nil
	case kept && feedID == 0:
		return true, true, time.Time{}, nil
	case kept:
		renewed, err := c.Renew(ctx, feedID, now)
		return true, renewed, time.Time{}, err
	case stale != nil:
		if err := c.ReleaseHost(ctx, host, *stale); err != nil {
			return false, false, time.Time{}, err
		}
	}
	var nextAllowed, leaseUntil int64
	var holder string
	err = c.pool.QueryRow(ctx,
		`WITH up AS (
			INSERT INTO hosts AS h (host, claimed_by, lease_until) VALUES ($1, $2, $4)
			ON CONFLICT (host) DO UPDATE SET claimed_by = excluded.claimed_by, lease_until = excluded.lease_until
			WHERE h.next_allowed <= $3 AND (h.lease_until IS NULL OR h.lease_until <= $3)
			RETURNING true),
		renewed AS (
			UPDATE feeds SET lease_until = $4
			WHERE id = $5 AND claimed_by = $2
			  AND (lease_until > $3 OR next_fetch IS NULL OR next_fetch <= $3)
			  AND EXISTS (SELECT 1 FROM up)
			RETURNING true)
		 SELECT EXISTS (SELECT 1 FROM up), EXISTS (SELECT 1 FROM renewed),
			COALESCE((SELECT next_allowed FROM hosts WHERE host = $1), 0),
			COALESCE((SELECT lease_until FROM hosts WHERE host = $1), 0),
			COALESCE((SELECT claimed_by FROM hosts WHERE host = $1), '')`,
		host, c.worker, instant(now), instant(now.Add(c.lease)), feedID).Scan(&ok, &renewed, &nextAllowed, &leaseUntil, &holder)
	if err != nil {
		return false, false, time.Time{}, dialect.Wrap("claim host", err)
	}
	if ok {
		c.noteLeased(host, now)
		return true, renewed, time.Time{}, nil
	}
	if holder != "" && holder != c.worker && leaseUntil > instant(now) {
		// Another worker holds the host: give back the hosts this one
		// kept, which that worker may be waiting for in turn.
		if err := c.ReleaseKept(ctx); err != nil {
			return false, false, time.Time{}, err
		}
	}
	r := max(nextAllowed, min(leaseUntil, instant(now.Add(c.gap+10*time.Millisecond))))
	return false, false, time.Unix(0, r), nil
}

// ReleaseHost ends this worker's lease on a host whose request ended at
// end; the next request may start a gap later.
func (c *Coordinator) ReleaseHost(ctx context.Context, host string, end time.Time) error {
	c.mu.Lock()
	delete(c.leased, host)
	delete(c.kept, host)
	c.mu.Unlock()
	_, err := c.exec(ctx,
		`UPDATE hosts SET claimed_by = NULL, lease_until = NULL, next_allowed = $3
		 WHERE host = $1 AND claimed_by = $2`, host, c.worker, instant(end.Add(c.gap)))
	return dialect.WrapIf("release host", err)
}

// Exclusive runs fn while holding a session advisory lock named name, on
// one connection kept for the purpose, unless another worker holds the
// lock or the task last ran less than every before now; it records now as
// the task's last run.
func (c *Coordinator) Exclusive(ctx context.Context, name string, now time.Time, every time.Duration, fn func()) error {
	return c.whileLocked(ctx, name, func(conn *pgxConn) error {
		var last int64
		err := conn.QueryRow(ctx, `SELECT at FROM exclusive_runs WHERE name = $1`, name).Scan(&last)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return dialect.Wrap("read the last "+name, err)
		}
		if err == nil && now.Sub(time.Unix(0, last)) < every {
			return nil
		}
		fn()
		_, err = conn.Exec(ctx, `INSERT INTO exclusive_runs (name, at) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET at = excluded.at`, name, instant(now))
		return dialect.WrapIf("record the "+name, err)
	})
}

// Lead runs fn, which runs until ctx ends, in one worker at a time: it
// waits (trying every poll) for the session advisory lock named name and
// runs fn while holding it. It returns when ctx ends.
func (c *Coordinator) Lead(ctx context.Context, name string, poll time.Duration, fn func(ctx context.Context)) error {
	for {
		err := c.whileLocked(ctx, name, func(*pgxConn) error { fn(ctx); return nil })
		if err != nil && ctx.Err() == nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(poll):
		}
	}
}

// exclusiveKey is the advisory lock key of an exclusive task.
func exclusiveKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("vigil exclusive " + name))
	return int64(h.Sum64())
}

// exec runs one coordination statement on the coordination pool.
func (c *Coordinator) exec(ctx context.Context, query string, args ...any) (pgconn.CommandTag, error) {
	return c.pool.Exec(ctx, query, args...)
}

// asyncPool opens a pool like db's whose sessions use generic plans and
// commit without waiting for the disk: leases are short-lived, and a lease lost in a crash of the
// database server only makes a feed or host wait for no one until it would
// have expired, or lets a feed be fetched again.
func asyncPool(db *DB) (*pgxpool.Pool, error) {
	cfg := db.pool.Config()
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	// The coordination's statements look rows up by key or walk an index
	// in its order (feeds_due): generic plans, made once, serve them.
	cfg.ConnConfig.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
	cfg.MaxConns = min(cfg.MaxConns, 8)
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: unable to open the coordination pool of %s: %w", db.name, err)
	}
	return pool, nil
}
