package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"vigil"
)

// followedItemSQL finds the feed of an item the user follows.
const followedItemSQL = `SELECT i.feed_id FROM items i JOIN subscriptions sub ON sub.feed_id = i.feed_id
	WHERE sub.user_id = $1 AND i.id = $2`

// setStates writes a user's state of items, all or none, in one transaction:
// upsert takes (user, item, feed, value) as $1..$4 and inserts or updates
// the item_states row. An item of a feed the user does not follow is
// ENOTFOUND and changes nothing. op names the operation in errors.
func (db *DB) setStates(ctx context.Context, op string, userID int64, itemIDs []int64, upsert string, value any) error {
	if len(itemIDs) == 0 {
		return nil
	}
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return wrap(op, err)
	}
	defer tx.Rollback(ctx)
	for _, id := range itemIDs {
		if err := setState(ctx, op, tx, upsert, userID, id, value); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return wrap(op, err)
	}
	return nil
}

// setState writes the state of one item the user must follow.
func setState(ctx context.Context, op string, tx pgx.Tx, upsert string, userID, itemID int64, value any) error {
	var feedID int64
	err := tx.QueryRow(ctx, followedItemSQL, userID, itemID).Scan(&feedID)
	if errors.Is(err, pgx.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "item %d not found", itemID)
	}
	if err != nil {
		return wrap(op, err)
	}
	if _, err := tx.Exec(ctx, upsert, userID, itemID, feedID, value); err != nil {
		return wrap(op, err)
	}
	return nil
}

// MarkRead sets the read state of items for a user, all or none: an item of
// a feed the user does not follow is ENOTFOUND and changes nothing.
func (db *DB) MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error {
	return db.setStates(ctx, "mark read", userID, itemIDs,
		`INSERT INTO item_states (user_id, item_id, feed_id, read) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = excluded.read`, read)
}

// StarItems stars or unstars items for a user, all or none: an item of a
// feed the user does not follow is ENOTFOUND and changes nothing. Stars
// leave the read state as it is.
func (db *DB) StarItems(ctx context.Context, userID int64, itemIDs []int64, starred bool) error {
	return db.setStates(ctx, "star items", userID, itemIDs,
		`INSERT INTO item_states (user_id, item_id, feed_id, read, starred) VALUES ($1, $2, $3, false, $4)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET starred = excluded.starred`, starred)
}
