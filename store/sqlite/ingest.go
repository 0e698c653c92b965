package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// Ingest stores a fetch in one transaction: the items (new keys inserted
// with Seen set to the observation time, edited ones updated in place,
// repeated ones and repeats within the fetch ignored), the alerts the new
// items cause (in the outbox: the items are matched against the alert
// rules before the transaction begins, so that matching never holds the
// write lock), the observation with
// its NewItems and Updated counts filled in, and the feed state that decide
// returns given what was stored and the feed as it is stored now, read
// inside the transaction (so a decision always builds on the latest stored
// fetch, even when another worker or process fetched the feed meanwhile).
// If decide returns an error nothing is stored; if it returns nil the feed
// state is left as it was. decide runs
// inside the write transaction and must not call the store's writing
// methods. An unknown feed is ENOTFOUND; a zero observation time or an item
// without a key is EINVALID.
func (db *DB) Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error) {
	if err := store.CheckFetched(f); err != nil {
		return vigil.Ingested{}, err
	}
	var matches *store.AlertMatch
	if db.outbox {
		var err error
		if matches, err = db.MatchItemAlerts(ctx, f.FeedID, f.Items); err != nil {
			return vigil.Ingested{}, err
		}
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return vigil.Ingested{}, dialect.Wrap("begin ingest", err)
	}
	defer tx.Rollback()
	st := db.stmts.in(ctx, tx)
	got, err := ingest(ctx, st, f)
	if err != nil {
		return vigil.Ingested{}, err
	}
	if matches != nil {
		if err := db.QueueItemAlerts(ctx, flowQuerier{tx}, matches, got.New, f.Observation.At); err != nil {
			return vigil.Ingested{}, err
		}
	}
	current, err := store.ScanFeed(st.readFeed.QueryRowContext(ctx, f.FeedID))
	if err != nil {
		return vigil.Ingested{}, dialect.Wrap("read feed state in ingest", err)
	}
	feed, err := decide(got, current)
	if err != nil {
		return vigil.Ingested{}, fmt.Errorf("sqlite: unable to ingest feed %d: decide: %w", f.FeedID, err)
	}
	if err := saveFeedState(ctx, st, f.FeedID, feed); err != nil {
		return vigil.Ingested{}, err
	}
	if err := tx.Commit(); err != nil {
		return vigil.Ingested{}, dialect.Wrap("commit ingest", err)
	}
	return got, nil
}

// ingest stores the items and the observation of f.
func ingest(ctx context.Context, st txStmts, f vigil.Fetched) (vigil.Ingested, error) {
	var exists int
	err := st.feedExists.QueryRowContext(ctx, f.FeedID).Scan(&exists)
	if errors.Is(err, sql.ErrNoRows) {
		return vigil.Ingested{}, vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", f.FeedID)
	}
	if err != nil {
		return vigil.Ingested{}, dialect.Wrap("ingest", err)
	}
	got, err := storeItems(ctx, st, f)
	if err != nil {
		return vigil.Ingested{}, err
	}
	o := f.Observation
	o.NewItems, o.Updated = len(got.New), len(got.Updated)
	if _, err := insertObservation(ctx, st.insertObservation, f.FeedID, o); err != nil {
		return vigil.Ingested{}, dialect.Wrap("store observation", err)
	}
	if len(got.New) > 0 {
		if _, err := st.countItems.ExecContext(ctx, len(got.New), f.FeedID); err != nil {
			return vigil.Ingested{}, dialect.Wrap("count items", err)
		}
	}
	return got, nil
}

// storeItems inserts the new items of f and updates the edited ones; only
// the first occurrence of a key within the fetch counts. Both lists come
// back in the fetch's order.
func storeItems(ctx context.Context, st txStmts, f vigil.Fetched) (vigil.Ingested, error) {
	items := store.UniqueItems(f.FeedID, f.Items)
	changed, err := changedItems(ctx, st.changedItems, f.FeedID, items)
	if err != nil {
		return vigil.Ingested{}, dialect.Wrap("look up items", err)
	}
	var got vigil.Ingested
	now := store.Normalise(f.Observation.At)
	// From the last to the first, so that the fetch's first new item takes
	// the highest ID: items of one sort time list by ID, highest first, and
	// so in the feed's own order, which puts its newest first.
	for _, c := range slices.Backward(changed) {
		it := items[c.Index]
		if err := storeItem(ctx, st, &it, c, now, &got); err != nil {
			return vigil.Ingested{}, err
		}
	}
	slices.Reverse(got.New)
	slices.Reverse(got.Updated)
	return got, nil
}

// changedItems finds, in one query, the items that are not stored as they are.
func changedItems(ctx context.Context, stmt *sql.Stmt, feedID int64, items []vigil.Item) ([]sqlflow.ChangedItem, error) {
	if len(items) == 0 {
		return nil, nil
	}
	pairs := make([][2]string, len(items))
	for i, it := range items {
		pairs[i] = [2]string{it.Key, it.Hash}
	}
	arg, err := json.Marshal(pairs)
	if err != nil {
		return nil, err
	}
	rows, err := stmt.QueryContext(ctx, string(arg), feedID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []sqlflow.ChangedItem
	for rows.Next() {
		var c sqlflow.ChangedItem
		if err := rows.Scan(&c.Index, &c.ID, &c.Seen); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// storeItem inserts a new item or updates an edited one, indexes it for
// search, and records which in got.
func storeItem(ctx context.Context, st txStmts, it *vigil.Item, c sqlflow.ChangedItem, now time.Time, got *vigil.Ingested) error {
	if c.Place(it, now) {
		if err := insertItem(ctx, st.insertItem, it); err != nil {
			return dialect.Wrap("store item", err)
		}
		got.New = append(got.New, *it)
	} else {
		if err := updateItem(ctx, st.updateItem, it); err != nil {
			return dialect.Wrap("update item", err)
		}
		got.Updated = append(got.Updated, *it)
	}
	if err := indexItem(ctx, st.indexItem, it); err != nil {
		return dialect.Wrap("index item for search", err)
	}
	return nil
}

// insertItem stores a new item and sets its ID.
func insertItem(ctx context.Context, stmt *sql.Stmt, it *vigil.Item) error {
	args, sortAt, err := sqlflow.ItemArgs(it)
	if err != nil {
		return err
	}
	res, err := stmt.ExecContext(ctx, append(append([]any{it.FeedID, it.Key}, args...), store.Nanos(it.Seen), sortAt)...)
	if err != nil {
		return err
	}
	it.ID, err = res.LastInsertId()
	return err
}

// updateItem replaces the content of a stored item.
func updateItem(ctx context.Context, stmt *sql.Stmt, it *vigil.Item) error {
	args, sortAt, err := sqlflow.ItemArgs(it)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, append(args, sortAt, it.ID)...)
	return err
}

// saveFeedState writes the mutable state of feed, which decide returned for
// the feed with ID id; nil leaves it unchanged.
func saveFeedState(ctx context.Context, st txStmts, id int64, feed *vigil.Feed) error {
	if feed == nil {
		return nil
	}
	args, err := dialect.FeedStateArgs(id, feed)
	if err != nil {
		return err
	}
	if _, err := st.saveFeed.ExecContext(ctx, args...); err != nil {
		return dialect.Wrap("save feed state", err)
	}
	return nil
}
