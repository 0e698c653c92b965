package postgres

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
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
// PostgreSQL's text cannot hold NUL characters or invalid UTF-8, which a
// hostile feed may carry: they are dropped and replaced with U+FFFD
// respectively (see clean) before storing.
func (db *DB) Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error) {
	if err := checkFetched(f); err != nil {
		return vigil.Ingested{}, err
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return vigil.Ingested{}, wrap("begin ingest", err)
	}
	defer conn.Release()
	committed := false
	defer func() {
		if !committed {
			rollback(ctx, conn)
		}
	}()
	items := uniqueItems(f.FeedID, f.Items)
	changes, err := lockAndCompare(ctx, conn, f.FeedID, items)
	if err != nil {
		return vigil.Ingested{}, err
	}
	got, current, err := ingest(ctx, conn, f, items, changes)
	if err != nil {
		return vigil.Ingested{}, err
	}
	feed, err := decide(got, current)
	if err != nil {
		return vigil.Ingested{}, fmt.Errorf("postgres: unable to ingest feed %d: decide: %w", f.FeedID, err)
	}
	if err := saveAndCommit(ctx, conn, f.FeedID, feed, len(got.New)); err != nil {
		return vigil.Ingested{}, err
	}
	committed = true
	return got, nil
}

// checkFetched rejects a fetch that cannot be stored.
func checkFetched(f vigil.Fetched) error {
	if f.Observation.At.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d has no time", f.FeedID)
	}
	if f.Observation.FeedID != 0 && f.Observation.FeedID != f.FeedID {
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d is for feed %d", f.FeedID, f.Observation.FeedID)
	}
	for i, it := range f.Items {
		if it.Key == "" {
			return vigil.Errorf(vigil.EINVALID, "item %d of feed %d has no key", i, f.FeedID)
		}
	}
	return nil
}

// lockAndCompare begins the ingest's transaction on conn (with generic
// plans for its prepared statements), locks the feed's
// row for it and finds the items that are not stored as they are, in one
// round trip (a batch whose statements run in order, so the comparison
// reads after the lock is held); an unknown feed is ENOTFOUND.
func lockAndCompare(ctx context.Context, conn batcher, feedID int64, items []vigil.Item) ([]changed, error) {
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
	var found []changed
	if len(items) > 0 {
		keys, hashes := make([]string, len(items)), make([]string, len(items))
		for i, it := range items {
			keys[i], hashes[i] = it.Key, it.Hash
		}
		b.Queue(changedItemsSQL, keys, hashes, feedID).Query(func(rows pgx.Rows) error {
			var err error
			found, err = collect(rows, func(r pgx.Row) (*changed, error) {
				var c changed
				return &c, r.Scan(&c.index, &c.id, &c.seen)
			})
			return err
		})
	}
	err := conn.SendBatch(ctx, b).Close()
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return nil, wrap("lock feed and look up items for ingest", err)
	}
	return found, nil
}

// ingest stores the items that changed and the observation of f, and
// reads the feed's state as it then is, in one round trip (a batch); the
// feed's item count, which saveAndCommit raises, includes the new items.
func ingest(ctx context.Context, conn batcher, f vigil.Fetched, items []vigil.Item, changes []changed) (vigil.Ingested, *vigil.Feed, error) {
	b := &pgx.Batch{}
	got, err := queueItems(b, f, items, changes)
	if err != nil {
		return vigil.Ingested{}, nil, err
	}
	o := f.Observation
	o.NewItems, o.Updated = len(got.New), len(got.Updated)
	queueObservation(b, f.FeedID, o)
	var current *vigil.Feed
	b.Queue(`SELECT `+feedColumns+` FROM feeds f WHERE f.id = $1`, f.FeedID).QueryRow(func(r pgx.Row) error {
		var err error
		current, err = scanFeed(r)
		return err
	})
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return vigil.Ingested{}, nil, wrap("store items, observation and read feed state in ingest", err)
	}
	current.ItemCount += len(got.New) // counted in the row by saveAndCommit
	return *got, current, nil
}

// queueItems queues the insert of each new item and the update of each
// edited one. The returned lists are complete (with item IDs) once the
// batch has run.
func queueItems(b *pgx.Batch, f vigil.Fetched, items []vigil.Item, changes []changed) (*vigil.Ingested, error) {
	now := normalise(f.Observation.At)
	var nNew, nUpdated int
	for _, c := range changes {
		if c.id.Valid {
			nUpdated++
		} else {
			nNew++
		}
	}
	// The lists are allocated in full first: queued statements fill in
	// the IDs of their elements when the batch runs, so they must not move.
	got := &vigil.Ingested{}
	if nNew > 0 {
		got.New = make([]vigil.Item, 0, nNew)
	}
	if nUpdated > 0 {
		got.Updated = make([]vigil.Item, 0, nUpdated)
	}
	for _, c := range changes {
		if err := queueItem(b, items[c.index], c, now, got); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// uniqueItems returns the first item of each key, cleaned and ready to
// store for the feed.
func uniqueItems(feedID int64, items []vigil.Item) []vigil.Item {
	keys := make(map[string]struct{}, len(items))
	unique := make([]vigil.Item, 0, len(items))
	for _, it := range items {
		cleanItem(&it)
		if _, dup := keys[it.Key]; dup {
			continue
		}
		keys[it.Key] = struct{}{}
		it.ID, it.FeedID, it.Read, it.Starred, it.FeedTitle = 0, feedID, false, false, ""
		unique = append(unique, it)
	}
	return unique
}

// changed is an item of a fetch that is new or differs from what is stored.
type changed struct {
	index int           // position in the fetch's unique items
	id    sql.NullInt64 // the stored item, if any
	seen  sql.NullInt64 // when the stored item was first seen
}

// changedItemsSQL takes the keys and hashes of a fetch as two arrays and
// the feed, and returns the position (from 0) of each item that is not
// stored as it is, with the stored item's ID and first sighting when there
// is one, in the fetch's order (so items get IDs in the order the feed
// lists them, as in the embedded store).
const changedItemsSQL = `SELECT j.n - 1, i.id, i.seen
	FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS j(key, hash, n)
	LEFT JOIN items i ON i.feed_id = $3 AND i.key = j.key
	WHERE i.id IS NULL OR i.hash IS DISTINCT FROM j.hash
	ORDER BY j.n`

// queueItem queues the insert of a new item or the update of an edited
// one, with its search text (searchColumn), and records which in got.
func queueItem(b *pgx.Batch, it vigil.Item, c changed, now time.Time, got *vigil.Ingested) error {
	it.Published, it.Updated = normalise(it.Published), normalise(it.Updated)
	search := searchColumn(itemSearchText(&it))
	summary, content, err := encodeBody(&it)
	if err != nil {
		return wrap("encode item", err)
	}
	if !c.id.Valid {
		it.Seen = now
		got.New = append(got.New, it)
		stored := &got.New[len(got.New)-1]
		b.Queue(
			`INSERT INTO items (feed_id, key, hash, url, title, author, summary, content,
				published, updated, seen, sort_at, search_text)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
			 RETURNING id`,
			it.FeedID, it.Key, it.Hash, it.URL, it.Title, it.Author, summary, content,
			nanos(it.Published), nanos(it.Updated), nanos(it.Seen), nanos(sortAt(it.Published, it.Seen)),
			search).QueryRow(func(r pgx.Row) error { return r.Scan(&stored.ID) })
		return nil
	}
	it.ID, it.Seen = c.id.Int64, fromNanos(c.seen)
	b.Queue(
		`UPDATE items SET hash = $1, url = $2, title = $3, author = $4, summary = $5, content = $6,
			published = $7, updated = $8, sort_at = $9, search_text = $11 WHERE id = $10`,
		it.Hash, it.URL, it.Title, it.Author, summary, content,
		nanos(it.Published), nanos(it.Updated), nanos(sortAt(it.Published, it.Seen)), it.ID, search)
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
	return wrapIf("save feed state", tx.SendBatch(ctx, b).Close())
}

// saveAndCommit writes the feed's state as saveFeedState does, adds added
// new items to its item count, and commits the transaction open on conn,
// in one round trip.
func saveAndCommit(ctx context.Context, conn batcher, id int64, feed *vigil.Feed, added int) error {
	b := &pgx.Batch{}
	if err := queueFeedState(b, id, feed, added); err != nil {
		return err
	}
	b.Queue(`COMMIT`)
	return wrapIf("save feed state and commit ingest", conn.SendBatch(ctx, b).Close())
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
	if feed.ID != 0 && feed.ID != id {
		return vigil.Errorf(vigil.EINVALID, "decide returned feed %d for feed %d", feed.ID, id)
	}
	hints := feed.Hints
	hints.NotBefore = normalise(hints.NotBefore)
	hintsJSON, err := json.Marshal(hints)
	if err != nil {
		return wrap("encode hints", err)
	}
	var model []byte
	if len(feed.Model) > 0 {
		model = feed.Model
	}
	b.Queue(
		`UPDATE feeds SET title = $1, site_url = $2, description = $3, language = $4,
			status = COALESCE(NULLIF($5, ''), status), etag = $6, last_modified = $7, last_fetch = $8,
			last_success = $9, next_fetch = $10, last_status = $11, last_error = $12, failures = $13,
			failing_since = $14, missing = $15, hints = $16, item_window = $17, model = $18, rate = $19,
			item_count = item_count + $21
		 WHERE id = $20`,
		clean(feed.Title), clean(feed.SiteURL), clean(feed.Description), clean(feed.Language),
		string(feed.Status), clean(feed.ETag), clean(feed.LastModified), nanos(feed.LastFetch),
		nanos(feed.LastSuccess), nanos(feed.NextFetch), feed.LastStatus, clean(feed.LastError),
		feed.Failures, nanos(feed.FailingSince), feed.Missing, string(hintsJSON), feed.Window, model,
		feed.Rate, id, added)
	return nil
}

// lockFeed locks the feed's row for the transaction; an unknown feed is
// ENOTFOUND.
func lockFeed(ctx context.Context, tx pgx.Tx, feedID int64) error {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM feeds WHERE id = $1 FOR UPDATE`, feedID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	return wrapIf("lock feed for ingest", err)
}
