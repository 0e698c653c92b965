package sqlite

import "context"

// MarkRead sets the read state of items for a user, all or none: an item of
// a feed the user does not follow is ENOTFOUND and changes nothing.
func (db *DB) MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error {
	return db.setStates(ctx, "mark read", userID, itemIDs,
		`INSERT INTO item_states (user_id, item_id, feed_id, read) VALUES (?, ?, ?, ?)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = excluded.read`, read)
}
