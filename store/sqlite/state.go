package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"vigil"
)

// followedItemSQL finds the feed of an item the user follows.
const followedItemSQL = `SELECT i.feed_id FROM items i JOIN subscriptions sub ON sub.feed_id = i.feed_id
	WHERE sub.user_id = ? AND i.id = ?`

// setStates writes a user's state of items, all or none, in one transaction:
// upsert takes (user, item, feed, value) and inserts or updates the
// item_states row. An item of a feed the user does not follow is ENOTFOUND
// and changes nothing. op names the operation in errors.
func (db *DB) setStates(ctx context.Context, op string, userID int64, itemIDs []int64, upsert string, value any) error {
	if len(itemIDs) == 0 {
		return nil
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return wrap(op, err)
	}
	defer tx.Rollback()
	find, err := tx.PrepareContext(ctx, followedItemSQL)
	if err != nil {
		return wrap(op, err)
	}
	set, err := tx.PrepareContext(ctx, upsert)
	if err != nil {
		return wrap(op, err)
	}
	for _, id := range itemIDs {
		if err := setState(ctx, op, find, set, userID, id, value); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return wrap(op, err)
	}
	return nil
}

// setState writes the state of one item the user must follow.
func setState(ctx context.Context, op string, find, set *sql.Stmt, userID, itemID int64, value any) error {
	var feedID int64
	err := find.QueryRowContext(ctx, userID, itemID).Scan(&feedID)
	if errors.Is(err, sql.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "item %d not found", itemID)
	}
	if err != nil {
		return wrap(op, err)
	}
	if _, err := set.ExecContext(ctx, userID, itemID, feedID, value); err != nil {
		return wrap(op, err)
	}
	return nil
}
