package sqlite

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// MarkOpened records that the user opened an item at t and marks it read.
// An item of a feed the user does not follow is ENOTFOUND; a zero t is
// EINVALID.
func (db *DB) MarkOpened(ctx context.Context, userID, itemID int64, t time.Time) error {
	if err := store.CheckOpened(itemID, t); err != nil {
		return err
	}
	return db.setStates(ctx, "mark opened", userID, []int64{itemID},
		`INSERT INTO item_states (user_id, item_id, feed_id, read, opened) VALUES (?, ?, ?, 1, ?)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = 1, opened = excluded.opened`, store.Nanos(t))
}

// InterestItems lists the items the user opened or starred, with the user's
// states: most recently opened first, then the starred ones never opened,
// ties newest ID first. Like every listing for a user it keeps to the feeds
// the user follows (the states of an unfollowed feed's items stay stored
// and count again if the user follows it again). Limit 0 means
// store.DefaultInterestLimit and is at most store.MaxInterestLimit; a negative limit is
// EINVALID.
func (db *DB) InterestItems(ctx context.Context, userID int64, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultInterestLimit, store.MaxInterestLimit)
	if err != nil {
		return nil, err
	}
	return db.queryItems(ctx, "list interest items",
		`SELECT `+itemColumns+` FROM item_states st
		 JOIN items i ON i.id = st.item_id JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.user_id = st.user_id AND sub.feed_id = i.feed_id
		 WHERE st.user_id = ? AND (st.starred = 1 OR st.opened IS NOT NULL)
		 ORDER BY st.opened DESC NULLS LAST, i.id DESC LIMIT ?`, userID, limit)
}
