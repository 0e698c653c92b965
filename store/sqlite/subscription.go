package sqlite

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// subscriptionColumns are the columns store.ScanSubscription reads, in order, for
// a subscription aliased sub joined to its feed f.
const subscriptionColumns = `sub.user_id, sub.weight, sub.created_at, sub.folder, sub.title,
	f.item_count - (SELECT count(*) FROM item_states st
		WHERE st.user_id = sub.user_id AND st.feed_id = f.id AND st.read = 1),
	` + feedColumns

// Subscribe makes the user follow url, creating the feed (active, due at
// now) when no feed has that URL yet; following it again only sets the
// weight. URLs match exactly: the caller normalises them. An empty URL or a
// weight that is not a positive finite number is EINVALID; an unknown user
// is ENOTFOUND.
func (db *DB) Subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error) {
	if err := store.CheckFollow("feed", url, weight, now); err != nil {
		return nil, err
	}
	feedID, err := db.subscribe(ctx, userID, url, weight, now)
	if err != nil {
		return nil, err
	}
	return db.Subscription(ctx, userID, feedID)
}

// subscribe writes the feed and the subscription in one transaction and
// returns the feed's ID.
func (db *DB) subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (int64, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, wrap("subscribe", err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx,
		`INSERT INTO feeds (url, status, created_at, next_fetch) VALUES (?, ?, ?, ?)
		 ON CONFLICT (url) DO NOTHING`,
		url, vigil.FeedActive, store.Nanos(now), store.Nanos(now))
	if err != nil {
		return 0, wrap("create feed", err)
	}
	var feedID int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM feeds WHERE url = ?`, url).Scan(&feedID); err != nil {
		return 0, wrap("create feed", err)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO subscriptions (user_id, feed_id, weight, created_at) VALUES (?, ?, ?, ?)
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = excluded.weight`,
		userID, feedID, weight, store.Nanos(now))
	if isForeignKey(err) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	if err != nil {
		return 0, wrap("subscribe", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, wrap("subscribe", err)
	}
	return feedID, nil
}

// Unsubscribe stops the user following the feed; its items stay stored. A
// feed the user does not follow is ENOTFOUND.
func (db *DB) Unsubscribe(ctx context.Context, userID, feedID int64) error {
	res, err := db.write.ExecContext(ctx,
		`DELETE FROM subscriptions WHERE user_id = ? AND feed_id = ?`, userID, feedID)
	if err != nil {
		return wrap("unsubscribe", err)
	}
	return requireRow(res, "unsubscribe", "subscription to feed %d not found", feedID)
}

// Subscriptions lists the user's subscriptions with feed state and unread
// counts, by feed title (the URL while the title is unknown).
func (db *DB) Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error) {
	rows, err := db.read.QueryContext(ctx,
		`SELECT `+subscriptionColumns+`
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = ?
		 ORDER BY COALESCE(NULLIF(f.title, ''), f.url) COLLATE NOCASE, f.id`, userID)
	return list(rows, err, "list subscriptions", store.ScanSubscription)
}

// Subscription returns one of the user's subscriptions, or ENOTFOUND.
func (db *DB) Subscription(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error) {
	row := db.reads.queryRow(ctx, db.read,
		`SELECT `+subscriptionColumns+`
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = ? AND sub.feed_id = ?`, userID, feedID)
	s, err := store.ScanSubscription(row)
	return found(s, err, "read subscription", "subscription to feed %d not found", feedID)
}
