package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"vigil"
)

// MoveFeed records a permanent redirect of a feed to newURL and leaves a
// notice naming both URLs for each subscriber. When no feed has newURL the
// feed takes it; when another feed already has it, the subscriptions move
// there (a user following both keeps the larger weight) and the old feed
// keeps its items and read states. An unknown feed is ENOTFOUND; an empty
// URL is EINVALID; moving a feed to its own URL changes nothing.
func (db *DB) MoveFeed(ctx context.Context, feedID int64, newURL string, now time.Time) error {
	if strings.TrimSpace(newURL) == "" {
		return vigil.Errorf(vigil.EINVALID, "new URL of feed %d is empty", feedID)
	}
	if now.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "time of the move of feed %d is zero", feedID)
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

// moveTo gives the feed newURL, or merges its subscriptions into the feed
// that already has it.
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
	_, err = tx.ExecContext(ctx, `DELETE FROM subscriptions WHERE feed_id = ?`, feedID)
	return wrapIf("merge subscriptions", err)
}

// noticeMove leaves a notice for every subscriber of the feed.
func noticeMove(ctx context.Context, tx *sql.Tx, feedID int64, oldURL, newURL string, now time.Time) error {
	text := fmt.Sprintf("The feed %s has moved permanently to %s.", oldURL, newURL)
	_, err := tx.ExecContext(ctx,
		`INSERT INTO notices (user_id, at, text)
		 SELECT user_id, ?, ? FROM subscriptions WHERE feed_id = ?`, nanos(now), text, feedID)
	return wrapIf("leave notices", err)
}

// wrapIf wraps a non-nil err like wrap and passes nil through.
func wrapIf(op string, err error) error {
	if err == nil {
		return nil
	}
	return wrap(op, err)
}
