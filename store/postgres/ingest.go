package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// Ingest stores a fetch in one transaction: the items (new keys inserted
// with Seen set to the observation time, edited ones updated in place,
// repeated ones and repeats within the fetch ignored), the observation with
// its NewItems and Updated counts filled in, and the feed state that decide
// returns given what was stored and the feed as it is stored now. The
// feed's row is locked first (SELECT ... FOR UPDATE), so two processes
// ingesting the same feed take turns, each decision builds on the latest
// stored fetch, and an item is never stored twice. If decide returns an
// error nothing is stored; if it returns nil the feed state is left as it
// was. decide must not call the store's writing methods. An unknown feed is
// ENOTFOUND; a zero observation time or an item without a key is EINVALID.
//
// It takes two round trips to the server: the first locks the feed, reads
// it and finds which items are new or edited, with IDs for the new ones
// taken from the items' sequence; decide then runs on what the writes will
// make of the feed (afterWrites), and the second round trip writes and
// commits. A fetch with items takes one more round trip before the
// transaction begins, to read the alert rules that cover the feed, which
// the items are matched against there and then (so that matching holds
// no lock); each message queued in the outbox takes one more, in the
// transaction.
//
// PostgreSQL's text cannot hold NUL characters or invalid UTF-8, which a
// hostile feed may carry: they are dropped and replaced with U+FFFD
// respectively (see clean) before storing.
func (db *DB) Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error) {
	if err := store.CheckFetched(f); err != nil {
		return vigil.Ingested{}, err
	}
	items := store.UniqueItems(f.FeedID, cleanItems(f.Items))
	matches, err := db.MatchItemAlerts(ctx, f.FeedID, items)
	if err != nil {
		return vigil.Ingested{}, err
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return vigil.Ingested{}, dialect.Wrap("begin ingest", err)
	}
	defer conn.Release()
	committed := false
	defer func() {
		if !committed {
			rollback(ctx, conn)
		}
	}()
	current, changes, err := lockAndCompare(ctx, conn, f.FeedID, items)
	if err != nil {
		return vigil.Ingested{}, err
	}
	b := &pgx.Batch{}
	got, err := queueItems(b, f, items, changes)
	if err != nil {
		return vigil.Ingested{}, err
	}
	afterWrites(current, got)
	feed, err := decide(*got, current)
	if err != nil {
		return vigil.Ingested{}, fmt.Errorf("postgres: unable to ingest feed %d: decide: %w", f.FeedID, err)
	}
	if err := db.QueueItemAlerts(ctx, flowQuerier{conn}, matches, got.New, f.Observation.At); err != nil {
		return vigil.Ingested{}, err
	}
	if err := commitIngest(ctx, conn, b, f, got, feed); err != nil {
		return vigil.Ingested{}, err
	}
	committed = true
	return *got, nil
}

// commitIngest adds to b, which holds the writes of the items, the
// observation of f with its counts, the feed state that decide returned
// and the commit, and sends it: the ingest's second round trip.
func commitIngest(ctx context.Context, conn batcher, b *pgx.Batch, f vigil.Fetched, got *vigil.Ingested, feed *vigil.Feed) error {
	o := f.Observation
	o.NewItems, o.Updated = len(got.New), len(got.Updated)
	queueObservation(b, f.FeedID, o)
	if err := queueFeedState(b, f.FeedID, feed, len(got.New)); err != nil {
		return err
	}
	b.Queue(`COMMIT`)
	return dialect.WrapIf("store items, observation and feed state and commit ingest", conn.SendBatch(ctx, b).Close())
}

// afterWrites makes the feed read before the ingest's writes what they make
// of it: its item count includes the new items, and its newest item is the
// newest of the stored items the writes leave alone (lockAndCompare reads
// that) and of the new and edited ones.
func afterWrites(feed *vigil.Feed, got *vigil.Ingested) {
	feed.ItemCount += len(got.New)
	for _, list := range [][]vigil.Item{got.New, got.Updated} {
		for _, it := range list {
			if at := store.SortAt(it.Published, it.Seen); at.After(feed.LastItem) {
				feed.LastItem = at
			}
		}
	}
}

// lockAndCompare begins the ingest's transaction on conn (with generic
// plans for its prepared statements), locks the feed's row for it, reads
// the feed and finds the items that are not stored as they are, with an ID
// from the items' sequence for each new one, in one round trip (a batch
// whose statements run in order, so the reads see what committed before
// the lock was held). The feed's newest item is that of the stored items
// the fetch leaves as they are (see afterWrites). An unknown feed is
// ENOTFOUND.
func lockAndCompare(ctx context.Context, conn batcher, feedID int64, items []vigil.Item) (*vigil.Feed, []sqlflow.ChangedItem, error) {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	// The ingest's statements look rows up by key: their generic plans
	// are the custom ones, and planning each execution anew cost about a
	// sixth of the server's time per fetch (BenchmarkLoad).
	b.Queue(`SET LOCAL plan_cache_mode = force_generic_plan`)
	var id int64
	b.Queue(`SELECT id FROM feeds WHERE id = $1 FOR UPDATE`, feedID).QueryRow(func(r pgx.Row) error {
		return r.Scan(&id)
	})
	keys, hashes := make([]string, len(items)), make([]string, len(items))
	for i, it := range items {
		keys[i], hashes[i] = it.Key, it.Hash
	}
	var current *vigil.Feed
	b.Queue(ingestFeedSQL, feedID, keys, hashes).QueryRow(func(r pgx.Row) error {
		var err error
		current, err = store.ScanFeed(r)
		return err
	})
	var found []sqlflow.ChangedItem
	if len(items) > 0 {
		b.Queue(changedItemsSQL, keys, hashes, feedID).Query(func(rows pgx.Rows) error {
			var err error
			found, err = collect(rows, func(r store.Row) (*sqlflow.ChangedItem, error) {
				var c sqlflow.ChangedItem
				return &c, r.Scan(&c.Index, &c.ID, &c.Seen, &c.NewID)
			})
			return err
		})
	}
	err := conn.SendBatch(ctx, b).Close()
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return nil, nil, dialect.Wrap("lock and read feed and look up items for ingest", err)
	}
	numberNew(found)
	return current, found, nil
}

// ingestFeedSQL reads the feed $1 as feedColumns do, but for its newest
// item, which it looks for among the stored items that a fetch of the
// keys $2 with the hashes $3 leaves as they are. The test of each item is
// a count, not NOT EXISTS: the planner turns NOT EXISTS into an anti-join,
// after which max() can no longer walk the feed's sort index from the top
// and reads every item of the feed instead (TestIngestFeedReadWalksTheIndex).
const ingestFeedSQL = `SELECT ` + feedStoredColumns + `,
	(SELECT max(i.sort_at) FROM items i WHERE i.feed_id = f.id
	   AND (SELECT count(*) FROM unnest($2::text[], $3::text[]) AS j(key, hash)
	        WHERE j.key = i.key AND j.hash IS DISTINCT FROM i.hash) = 0)
	FROM feeds f WHERE f.id = $1`

// numberNew gives the new items the IDs taken for them, highest first in
// the fetch's order, so that items of one sort time, which list by ID,
// highest first, list in the feed's own order: the sequence handed them
// out in the order the server met the rows, which need not be the fetch's.
func numberNew(changes []sqlflow.ChangedItem) {
	var ids []int64
	for _, c := range changes {
		if c.NewID.Valid {
			ids = append(ids, c.NewID.Int64)
		}
	}
	slices.Sort(ids)
	slices.Reverse(ids)
	n := 0
	for i := range changes {
		if changes[i].NewID.Valid {
			changes[i].NewID.Int64 = ids[n]
			n++
		}
	}
}

// queueItems queues the insert of each new item, with the ID taken for
// it, and the update of each edited one, and returns both lists.
func queueItems(b *pgx.Batch, f vigil.Fetched, items []vigil.Item, changes []sqlflow.ChangedItem) (*vigil.Ingested, error) {
	now := store.Normalise(f.Observation.At)
	got := &vigil.Ingested{}
	for _, c := range changes {
		if err := queueItem(b, items[c.Index], c, now, got); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// changedItemsSQL takes the keys and hashes of a fetch as two arrays and
// the feed, and returns the position (from 0) of each item that is not
// stored as it is, with the stored item's ID and first sighting when there
// is one and else an ID taken from the items' sequence, in the fetch's
// order (numberNew gives the new items their IDs, highest first in that
// order, as the embedded store does).
const changedItemsSQL = `SELECT j.n - 1, i.id, i.seen,
		CASE WHEN i.id IS NULL THEN nextval(pg_get_serial_sequence('items', 'id')) END
	FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS j(key, hash, n)
	LEFT JOIN items i ON i.feed_id = $3 AND i.key = j.key
	WHERE i.id IS NULL OR i.hash IS DISTINCT FROM j.hash
	ORDER BY j.n`

// queueItem queues the insert of a new item or the update of an edited
// one, with its search text (searchColumn), and records which in got.
func queueItem(b *pgx.Batch, it vigil.Item, c sqlflow.ChangedItem, now time.Time, got *vigil.Ingested) error {
	isNew := c.Place(&it, now)
	search := searchColumn(itemSearchText(&it))
	args, sortAt, err := sqlflow.ItemArgs(&it)
	if err != nil {
		return dialect.Wrap("encode item", err)
	}
	if isNew {
		b.Queue(
			`INSERT INTO items (id, feed_id, key, hash, url, title, author, summary, content,
				published, updated, seen, sort_at, search_text)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			append(append([]any{it.ID, it.FeedID, it.Key}, args...), store.Nanos(it.Seen), sortAt, search)...)
		got.New = append(got.New, it)
		return nil
	}
	b.Queue(
		`UPDATE items SET hash = $1, url = $2, title = $3, author = $4, summary = $5, content = $6,
			published = $7, updated = $8, sort_at = $9, search_text = $11 WHERE id = $10`,
		append(args, sortAt, it.ID, search)...)
	got.Updated = append(got.Updated, it)
	return nil
}

// saveFeedState writes the mutable state of feed, which decide returned for
// the feed with ID id; nil leaves it unchanged.
func saveFeedState(ctx context.Context, tx pgx.Tx, id int64, feed *vigil.Feed) error {
	b := &pgx.Batch{}
	if err := queueFeedState(b, id, feed, 0); err != nil {
		return err
	}
	if b.Len() == 0 {
		return nil
	}
	return dialect.WrapIf("save feed state", tx.SendBatch(ctx, b).Close())
}

// queueFeedState queues the update of the mutable state of feed, which
// decide returned for the feed with ID id, and of its item count, raised
// by added; with nil and 0 it queues nothing.
func queueFeedState(b *pgx.Batch, id int64, feed *vigil.Feed, added int) error {
	if feed == nil {
		if added != 0 {
			b.Queue(`UPDATE feeds SET item_count = item_count + $1 WHERE id = $2`, added, id)
		}
		return nil
	}
	args, err := dialect.FeedStateArgs(id, feed)
	if err != nil {
		return err
	}
	b.Queue(
		`UPDATE feeds SET title = $1, site_url = $2, description = $3, language = $4,
			status = COALESCE(NULLIF($5, ''), status), etag = $6, last_modified = $7, last_fetch = $8,
			last_success = $9, next_fetch = $10, last_status = $11, last_error = $12, failures = $13,
			failing_since = $14, missing = $15, hints = $16, item_window = $17, model = $18, rate = $19,
			item_count = item_count + $21
		 WHERE id = $20`,
		append(args, added)...)
	return nil
}
