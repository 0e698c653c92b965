package postgres

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
	"vigil/store"
)

// recorder gathers the RecordFetch calls of concurrent fetches into one
// statement (group commit): a call that finds no statement in flight sends
// its record at once, alone; the calls that arrive while a statement is in
// flight wait for it, and the first of them to find it done sends all the
// waiting records in the next. So a lone fetch waits for nothing more than
// its own statement, and N fetches ending together cost one round trip,
// not N. Each call returns only once its record is committed (a statement
// is its own transaction), so a fetch is never reported stored before it
// is; the commit does not wait for the disk (see sendRecords).
type recorder struct {
	db *DB

	mu         sync.Mutex
	pending    []*record
	sending    bool
	statements int // statements sent, for tests
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
	obs := r.obs
	args, err := dialect.FeedStateArgs(obs.FeedID, r.feed)
	if err != nil {
		return err
	}
	tag, err := db.records.Exec(ctx, recordFetchSQL, append(args,
		store.Nanos(obs.At), obs.Status, obs.Bytes, int64(obs.Latency), obs.Items, obs.NotModified, clean(obs.Error))...)
	if err != nil {
		return dialect.Wrap("record fetch", err)
	}
	if tag.RowsAffected() == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", obs.FeedID)
	}
	return nil
}

// recordMany stores several records (of distinct feeds) with
// recordFetchesSQL, one array per column, and returns the feeds stored.
func (db *DB) recordMany(ctx context.Context, batch []*record) (map[int64]bool, error) {
	var c recordColumns
	for _, r := range batch {
		c.add(r)
	}
	stored := make(map[int64]bool, len(batch))
	rows, err := db.records.Query(ctx, recordFetchesSQL, c.args()...)
	if err != nil {
		return nil, dialect.Wrap("record fetches", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, dialect.Wrap("record fetches", err)
		}
		stored[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, dialect.Wrap("record fetches", err)
	}
	return stored, nil
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
	c.MaxConns, c.MinConns = 1, 0
	return pgxpool.NewWithConfig(context.Background(), c)
}

// recordColumns are a batch of records as one array per column of
// recordFetchesSQL.
type recordColumns struct {
	title, site, desc, lang, status, etag, modified, lastErr, hints, obsErr []string
	lastFetch, lastSuccess, nextFetch, failingSince, at                     []*int64
	lastStatus, failures, missing, window, obsStatus, items                 []int64
	id, bytes, latency                                                      []int64
	model                                                                   [][]byte
	rate                                                                    []float64
	notModified                                                             []bool
}

// add appends a record to the columns.
func (c *recordColumns) add(r *record) {
	f, o := r.feed, r.obs
	c.title, c.site, c.desc, c.lang = append(c.title, clean(f.Title)), append(c.site, clean(f.SiteURL)), append(c.desc, clean(f.Description)), append(c.lang, clean(f.Language))
	c.status, c.etag, c.modified = append(c.status, string(f.Status)), append(c.etag, clean(f.ETag)), append(c.modified, clean(f.LastModified))
	c.lastErr, c.hints, c.obsErr = append(c.lastErr, clean(f.LastError)), append(c.hints, r.hints), append(c.obsErr, clean(o.Error))
	c.lastFetch, c.lastSuccess = append(c.lastFetch, nanosPtr(f.LastFetch)), append(c.lastSuccess, nanosPtr(f.LastSuccess))
	c.nextFetch, c.failingSince, c.at = append(c.nextFetch, nanosPtr(f.NextFetch)), append(c.failingSince, nanosPtr(f.FailingSince)), append(c.at, nanosPtr(o.At))
	c.lastStatus, c.failures, c.missing = append(c.lastStatus, int64(f.LastStatus)), append(c.failures, int64(f.Failures)), append(c.missing, int64(f.Missing))
	c.window, c.obsStatus, c.items = append(c.window, int64(f.Window)), append(c.obsStatus, int64(o.Status)), append(c.items, int64(o.Items))
	c.id, c.bytes, c.latency = append(c.id, o.FeedID), append(c.bytes, o.Bytes), append(c.latency, int64(o.Latency))
	c.model, c.rate, c.notModified = append(c.model, r.model), append(c.rate, f.Rate), append(c.notModified, o.NotModified)
}

// args are the columns in the order of recordFetchesSQL's parameters.
func (c *recordColumns) args() []any {
	return []any{c.id, c.title, c.site, c.desc, c.lang, c.status, c.etag, c.modified, c.lastFetch, c.lastSuccess,
		c.nextFetch, c.lastStatus, c.lastErr, c.failures, c.failingSince, c.missing, c.hints, c.window, c.model, c.rate,
		c.at, c.obsStatus, c.bytes, c.latency, c.items, c.notModified, c.obsErr}
}

// nanosPtr is store.Nanos as a pointer, nil for NULL, for an array.
func nanosPtr(t time.Time) *int64 {
	n := store.Nanos(t)
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// recordFetchesSQL is recordFetchSQL for a batch of records, one array
// per column ($1 the feeds), and returns the feeds it stored.
const recordFetchesSQL = `WITH r AS (
	SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
		$8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::int[], $13::text[], $14::int[], $15::bigint[],
		$16::int[], $17::text[], $18::int[], $19::bytea[], $20::float8[],
		$21::bigint[], $22::int[], $23::bigint[], $24::bigint[], $25::int[], $26::bool[], $27::text[])
	AS r(id, title, site_url, description, language, status, etag, last_modified, last_fetch, last_success,
		next_fetch, last_status, last_error, failures, failing_since, missing, hints, item_window, model, rate,
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
