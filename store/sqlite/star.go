package sqlite

import "context"

// StarItems stars or unstars items for a user, all or none: an item of a
// feed the user does not follow is ENOTFOUND and changes nothing. Stars
// leave the read state as it is.
func (db *DB) StarItems(ctx context.Context, userID int64, itemIDs []int64, starred bool) error {
	return db.setStates(ctx, "star items", userID, itemIDs,
		`INSERT INTO item_states (user_id, item_id, feed_id, read, starred) VALUES (?, ?, ?, 0, ?)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET starred = excluded.starred`, starred)
}
