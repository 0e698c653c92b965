package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// MoveFeed records a permanent redirect of a feed to newURL and leaves a
// notice naming both URLs for each subscriber. When no feed has newURL the
// feed takes it; when another feed already has it, the subscriptions move
// there (a user following both keeps the larger weight) and so do the old
// feed's items and their readers' states (read, starred, opened), except
// items whose key the other feed already has: those stay, and their states
// carry over to the other feed's item with that key (see mergeStates). An unknown feed is ENOTFOUND; an empty
// URL is EINVALID; moving a feed to its own URL changes nothing.
func (db *DB) MoveFeed(ctx context.Context, feedID int64, newURL string, now time.Time) error {
	if err := store.CheckMove(feedID, newURL, now); err != nil {
		return err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return wrap("move feed", err)
	}
	defer tx.Rollback()
	var oldURL string
	err = tx.QueryRowContext(ctx, `SELECT url FROM feeds WHERE id = ?`, feedID).Scan(&oldURL)
	if errors.Is(err, sql.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return wrap("move feed", err)
	}
	if oldURL == newURL {
		return nil
	}
	if err := noticeMove(ctx, tx, feedID, oldURL, newURL, now); err != nil {
		return err
	}
	if err := moveTo(ctx, tx, feedID, newURL); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return wrap("move feed", err)
	}
	return nil
}

// moveTo gives the feed newURL, or merges its subscriptions and history
// into the feed that already has it.
func moveTo(ctx context.Context, tx *sql.Tx, feedID int64, newURL string) error {
	var targetID int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM feeds WHERE url = ?`, newURL).Scan(&targetID)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = tx.ExecContext(ctx, `UPDATE feeds SET url = ? WHERE id = ?`, newURL, feedID)
		return wrapIf("rename feed", err)
	}
	if err != nil {
		return wrap("move feed", err)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO subscriptions (user_id, feed_id, weight, created_at)
		 SELECT user_id, ?, weight, created_at FROM subscriptions WHERE feed_id = ?
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = max(weight, excluded.weight)`,
		targetID, feedID)
	if err != nil {
		return wrap("merge subscriptions", err)
	}
	// A page's followers keep their threshold and group on the page they
	// join, unless they had their own there.
	_, err = tx.ExecContext(ctx,
		`INSERT INTO page_follows (user_id, feed_id, threshold, frequency)
		 SELECT user_id, ?, threshold, frequency FROM page_follows WHERE feed_id = ?
		 ON CONFLICT (user_id, feed_id) DO NOTHING`, targetID, feedID)
	if err != nil {
		return wrap("merge page settings", err)
	}
	if _, err = tx.ExecContext(ctx, `DELETE FROM subscriptions WHERE feed_id = ?`, feedID); err != nil {
		return wrap("merge subscriptions", err)
	}
	return mergeHistory(ctx, tx, feedID, targetID)
}

// mergeHistory moves the items of feed from whose keys feed to lacks, with
// their read states, carries the read states of the items left behind over
// to feed to's items with the same keys, and updates both item counts.
func mergeHistory(ctx context.Context, tx *sql.Tx, from, to int64) error {
	res, err := tx.ExecContext(ctx,
		`UPDATE items SET feed_id = ? WHERE feed_id = ?
		 AND key NOT IN (SELECT key FROM items WHERE feed_id = ?)`, to, from, to)
	if err != nil {
		return wrap("merge items", err)
	}
	moved, err := res.RowsAffected()
	if err != nil {
		return wrap("merge items", err)
	}
	if err := mergeStates(ctx, tx, from, to); err != nil {
		return err
	}
	for _, c := range []struct{ feedID, delta int64 }{{from, -moved}, {to, moved}} {
		_, err := tx.ExecContext(ctx, `UPDATE feeds SET item_count = item_count + ? WHERE id = ?`, c.delta, c.feedID)
		if err != nil {
			return wrap("count merged items", err)
		}
	}
	return nil
}

// mergeStates points the states (read, starred, opened) of the items moved
// from feed from to feed to, and copies the states of the items left behind
// to feed to's items with the same keys. Where the user has a state on
// feed to's item already, its read state stays, a star on either item
// stars it, and the later opening counts.
func mergeStates(ctx context.Context, tx *sql.Tx, from, to int64) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE item_states SET feed_id = ? WHERE feed_id = ?
		 AND item_id IN (SELECT id FROM items WHERE feed_id = ?)`, to, from, to)
	if err != nil {
		return wrap("merge read states", err)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO item_states (user_id, item_id, feed_id, read, starred, opened)
		 SELECT st.user_id, t.id, t.feed_id, st.read, st.starred, st.opened FROM item_states st
		 JOIN items o ON o.id = st.item_id
		 JOIN items t ON t.feed_id = ? AND t.key = o.key
		 WHERE st.feed_id = ?
		 ON CONFLICT (user_id, item_id) DO UPDATE SET
			starred = max(starred, excluded.starred),
			opened = COALESCE(max(opened, excluded.opened), opened, excluded.opened)`, to, from)
	return wrapIf("merge read states", err)
}

// noticeMove leaves a notice for every subscriber of the feed.
func noticeMove(ctx context.Context, tx *sql.Tx, feedID int64, oldURL, newURL string, now time.Time) error {
	page, err := isPage(ctx, tx, feedID)
	if err != nil {
		return err
	}
	text := store.MoveNotice(page, oldURL, newURL)
	_, err = tx.ExecContext(ctx,
		`INSERT INTO notices (user_id, at, text)
		 SELECT user_id, ?, ? FROM subscriptions WHERE feed_id = ?`, store.Nanos(now), text, feedID)
	return wrapIf("leave notices", err)
}

// wrapIf wraps a non-nil err like wrap and passes nil through.
func wrapIf(op string, err error) error {
	if err == nil {
		return nil
	}
	return wrap(op, err)
}
