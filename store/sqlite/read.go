package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"vigil"
)

// MarkRead sets the read state of items for a user, all or none: an item of
// a feed the user does not follow is ENOTFOUND and changes nothing.
func (db *DB) MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error {
	if len(itemIDs) == 0 {
		return nil
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return wrap("mark read", err)
	}
	defer tx.Rollback()
	find, err := tx.PrepareContext(ctx,
		`SELECT i.feed_id FROM items i JOIN subscriptions sub ON sub.feed_id = i.feed_id
		 WHERE sub.user_id = ? AND i.id = ?`)
	if err != nil {
		return wrap("mark read", err)
	}
	set, err := tx.PrepareContext(ctx,
		`INSERT INTO item_states (user_id, item_id, feed_id, read) VALUES (?, ?, ?, ?)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = excluded.read`)
	if err != nil {
		return wrap("mark read", err)
	}
	for _, id := range itemIDs {
		if err := markOne(ctx, find, set, userID, id, read); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return wrap("mark read", err)
	}
	return nil
}

// markOne sets the read state of one item the user must follow.
func markOne(ctx context.Context, find, set *sql.Stmt, userID, itemID int64, read bool) error {
	var feedID int64
	err := find.QueryRowContext(ctx, userID, itemID).Scan(&feedID)
	if errors.Is(err, sql.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "item %d not found", itemID)
	}
	if err != nil {
		return wrap("mark read", err)
	}
	if _, err := set.ExecContext(ctx, userID, itemID, feedID, read); err != nil {
		return wrap("mark read", err)
	}
	return nil
}
