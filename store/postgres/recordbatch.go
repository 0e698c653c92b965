package postgres

import (
	"context"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
)

// recorder gathers the RecordFetch calls of concurrent fetches into one
// statement (group commit): a call that finds no statement in flight sends
// its record at once, alone; the calls that arrive while a statement is in
// flight wait for it, and the call that sent it sends all the waiting
// records in the next, until none is left. So a lone fetch waits for nothing more than
// its own statement, and N fetches ending together cost one round trip,
// not N. Each call returns only once its record is committed (a statement
// is its own transaction), so a fetch is never reported stored before it
// is; the commit does not wait for the disk (see recordSession).
type recorder struct {
	db *DB

	mu         sync.Mutex
	pending    []*record
	sending    bool
	statements int // statements sent, for tests
	// wire holds the parameters of the statement being sent, by the
	// one call sending at a time (sending): recordBatch, recordOne and
	// recordMany are called by that call alone (and by tests, which send
	// nothing else meanwhile).
	wire wire
}

// record is one RecordFetch call: what to store and, once a statement
// tried it, the outcome.
type record struct {
	obs   vigil.Observation
	feed  *vigil.Feed
	hints string
	model []byte
	done  chan error
}

// add stores r with whatever other records are waiting, and returns its
// outcome.
func (rc *recorder) add(ctx context.Context, r *record) error {
	rc.mu.Lock()
	rc.pending = append(rc.pending, r)
	if rc.sending { // a statement is in flight: its sender sends r next
		rc.mu.Unlock()
		return <-r.done
	}
	rc.sending = true
	rc.mu.Unlock()
	// The others' records are stored even if this call's context ends.
	rc.send(context.WithoutCancel(ctx))
	return <-r.done
}

// send sends the waiting records, one statement at a time, until none is
// left.
func (rc *recorder) send(ctx context.Context) {
	for {
		rc.mu.Lock()
		batch := rc.takeDistinct()
		if len(batch) == 0 {
			rc.sending = false
			rc.mu.Unlock()
			return
		}
		rc.statements++
		rc.mu.Unlock()
		rc.db.recordBatch(ctx, batch)
	}
}

// takeDistinct takes the waiting records of distinct feeds, in order,
// and leaves a second record of a feed for the next statement, so that
// each statement updates a feed once and records of a feed land in
// order.
func (rc *recorder) takeDistinct() []*record {
	var batch, later []*record
	seen := make(map[int64]bool, len(rc.pending))
	for _, r := range rc.pending {
		if seen[r.obs.FeedID] {
			later = append(later, r)
			continue
		}
		seen[r.obs.FeedID] = true
		batch = append(batch, r)
	}
	rc.pending = later
	return batch
}

// recordBatch stores a batch in one statement and tells each record its
// outcome. If the statement fails, each record is tried alone, so that a
// record the server refuses fails only its own call.
func (db *DB) recordBatch(ctx context.Context, batch []*record) {
	if len(batch) == 1 {
		batch[0].done <- db.recordOne(ctx, batch[0])
		return
	}
	stored, err := db.recordMany(ctx, batch)
	if err != nil {
		for _, r := range batch {
			r.done <- db.recordOne(ctx, r)
		}
		return
	}
	for _, r := range batch {
		if stored[r.obs.FeedID] {
			r.done <- nil
		} else {
			r.done <- vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", r.obs.FeedID)
		}
	}
}

// recordOne stores one record with recordFetchSQL.
func (db *DB) recordOne(ctx context.Context, r *record) error {
	db.rec.wire.scalars(r)
	var stored int64
	err := db.execRecord(ctx, recordOneName, recordFetchSQL, false, func(conn *pgconn.PgConn, sd *pgconn.StatementDescription, values [][]byte) error {
		tag, err := conn.ExecStatement(ctx, sd, values, binaryFormats, nil).Close()
		stored = tag.RowsAffected()
		return err
	})
	if err != nil {
		return dialect.Wrap("record fetch", err)
	}
	if stored == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", r.obs.FeedID)
	}
	return nil
}

// recordMany stores several records (of distinct feeds) with
// recordFetchesSQL, one array per column, and returns the feeds stored.
func (db *DB) recordMany(ctx context.Context, batch []*record) (map[int64]bool, error) {
	db.rec.wire.arrays(batch)
	stored := make(map[int64]bool, len(batch))
	err := db.execRecord(ctx, recordManyName, recordFetchesSQL, true, func(conn *pgconn.PgConn, sd *pgconn.StatementDescription, values [][]byte) error {
		rr := conn.ExecStatement(ctx, sd, values, binaryFormats, binaryFormats[:1])
		var bad error
		for rr.NextRow() {
			v := rr.Values()[0]
			if len(v) != 8 {
				bad = fmt.Errorf("postgres: %s returned a feed ID of %d bytes, want a bigint's 8", recordManyName, len(v))
				continue
			}
			stored[int64(binary.BigEndian.Uint64(v))] = true
		}
		if _, err := rr.Close(); err != nil {
			return err
		}
		return bad
	})
	if err != nil {
		return nil, dialect.Wrap("record fetches", err)
	}
	return stored, nil
}

// The names the record statements are prepared under on the record
// session.
const (
	recordOneName  = "vigil_record_fetch"
	recordManyName = "vigil_record_fetches"
)

// execRecord runs exec on the record session with the statement query,
// prepared there under name (once a connection: pgx keeps what it
// prepared), and the parameters the recorder's wire holds, once the
// types the server gave the statement's parameters are checked to be
// those the wire writes. exec runs the statement by its description
// (ExecStatement), which spares the server a Describe each time.
func (db *DB) execRecord(ctx context.Context, name, query string, arrays bool, exec func(*pgconn.PgConn, *pgconn.StatementDescription, [][]byte) error) error {
	values, err := db.rec.wire.values()
	if err != nil {
		return err
	}
	conn, err := db.records.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	sd, err := conn.Conn().Prepare(ctx, name, query)
	if err != nil {
		return err
	}
	if err := checkParams(name, sd.ParamOIDs, arrays); err != nil {
		return err
	}
	return exec(conn.Conn().PgConn(), sd, values)
}

// recordSession opens the recorder's own session: one connection (the
// recorder sends one statement at a time) like the store's, whose settings
// each record needs, set once when it connects instead of in every
// record's transaction:
//   - a generic plan: left to choose, the server plans the record
//     statement afresh at every execution (its custom plan for arrays of a
//     few records looks cheaper than the generic plan, made for a
//     hundred), and planning it cost the server about as much as running
//     it (docs/performance.md);
//   - a commit that does not wait for the disk, as the coordination's
//     leases: a record holds no items, only the fetch's observation and
//     the feed's state, and a crash of the database server that loses it
//     makes the feed be fetched again, as a vigil process killed before
//     the record would. Waiting for the disk at each commit was a large
//     share of the server's CPU in an unchanged refresh, and most of its
//     wall time (docs/performance.md). A later commit that waits (an
//     ingest's) writes the records before it to the disk too.
//
// A record is one statement (the feed's update and the observation's
// insert in one), so it is its own transaction: with the settings on the
// session it needs no BEGIN, SET LOCAL or COMMIT around it, four
// statements fewer for the server to run at each record.
func recordSession(cfg *pgxpool.Config) (*pgxpool.Pool, error) {
	c := cfg.Copy()
	c.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	c.ConnConfig.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
	c.MaxConns, c.MinConns, c.MinIdleConns = 1, 0, 0 // connected at the first record
	return pgxpool.NewWithConfig(context.Background(), c)
}

// recordFetchesSQL is recordFetchSQL for a batch of records, one array
// per parameter of recordFetchSQL, in its order, and returns the feeds it
// stored.
const recordFetchesSQL = `WITH r AS (
	SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
		$8::bigint[], $9::bigint[], $10::bigint[], $11::int[], $12::text[], $13::int[], $14::bigint[],
		$15::int[], $16::text[], $17::int[], $18::bytea[], $19::float8[], $20::bigint[],
		$21::bigint[], $22::int[], $23::bigint[], $24::bigint[], $25::int[], $26::bool[], $27::text[])
	AS r(title, site_url, description, language, status, etag, last_modified, last_fetch, last_success,
		next_fetch, last_status, last_error, failures, failing_since, missing, hints, item_window, model, rate, id,
		at, obs_status, bytes, latency, items, not_modified, obs_error)),
	f AS (
	UPDATE feeds SET title = r.title, site_url = r.site_url, description = r.description, language = r.language,
		status = COALESCE(NULLIF(r.status, ''), feeds.status), etag = r.etag, last_modified = r.last_modified,
		last_fetch = r.last_fetch, last_success = r.last_success, next_fetch = r.next_fetch,
		last_status = r.last_status, last_error = r.last_error, failures = r.failures,
		failing_since = r.failing_since, missing = r.missing, hints = r.hints, item_window = r.item_window,
		model = r.model, rate = r.rate
	FROM r WHERE feeds.id = r.id RETURNING feeds.id)
	INSERT INTO observations (feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error)
	SELECT r.id, r.at, r.obs_status, r.bytes, r.latency, r.items, 0, 0, r.not_modified, r.obs_error
	FROM r JOIN f ON f.id = r.id
	RETURNING feed_id`
