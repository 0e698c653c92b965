package postgres

import (
	"context"
	"errors"

	"vigil/store"

	"github.com/jackc/pgx/v5"

	"vigil"
)

// PageFollow returns the user's settings for a page they follow: the
// stored ones, else the defaults (threshold significant, daily group).
func (db *DB) PageFollow(ctx context.Context, userID, feedID int64) (*vigil.PageFollow, error) {
	pf := vigil.PageFollow{UserID: userID, FeedID: feedID}
	err := db.pool.QueryRow(ctx, `SELECT coalesce(pf.threshold, 'significant'), coalesce(pf.frequency, 'daily'), coalesce(pf.seen, 0)
		FROM subscriptions s JOIN pages p ON p.feed_id = s.feed_id
		LEFT JOIN page_follows pf ON pf.user_id = s.user_id AND pf.feed_id = s.feed_id
		WHERE s.user_id = $1 AND s.feed_id = $2`, userID, feedID).Scan(&pf.Threshold, &pf.Frequency, &pf.Seen)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "page %d not found", feedID)
	}
	if err != nil {
		return nil, wrap("read page settings", err)
	}
	return &pf, nil
}

// SetPageFollow stores the user's threshold and frequency for a page they
// follow; unknown words are EINVALID.
func (db *DB) SetPageFollow(ctx context.Context, pf vigil.PageFollow) error {
	if err := store.CheckPageFollow(pf); err != nil {
		return err
	}
	if _, err := db.PageFollow(ctx, pf.UserID, pf.FeedID); err != nil {
		return err
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO page_follows (user_id, feed_id, threshold, frequency) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, feed_id) DO UPDATE SET threshold = excluded.threshold, frequency = excluded.frequency`,
		pf.UserID, pf.FeedID, pf.Threshold, pf.Frequency)
	if err != nil {
		return wrap("store page settings", err)
	}
	return nil
}

// MarkChangesSeen records that the user has looked at the page's changes
// up to changeID (it never moves back).
func (db *DB) MarkChangesSeen(ctx context.Context, userID, feedID, changeID int64) error {
	if _, err := db.PageFollow(ctx, userID, feedID); err != nil {
		return err
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO page_follows (user_id, feed_id, seen) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, feed_id) DO UPDATE SET seen = GREATEST(page_follows.seen, excluded.seen)`, userID, feedID, changeID)
	if err != nil {
		return wrap("mark page changes seen", err)
	}
	return nil
}

// PageFollowers counts the users following a page.
func (db *DB) PageFollowers(ctx context.Context, feedID int64) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM subscriptions WHERE feed_id = $1`, feedID).Scan(&n); err != nil {
		return 0, wrap("count page followers", err)
	}
	return n, nil
}
