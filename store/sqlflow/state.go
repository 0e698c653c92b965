package sqlflow

import (
	"context"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// StateSQL is the text of the statements of a reader's item states. Each
// upsert takes (user, item, feed, value) and inserts or updates the
// item_states row.
type StateSQL struct {
	// Followed returns the feed of the item $2 if the user $1 follows it.
	Followed string
	// Read sets the read state.
	Read string
	// Star sets the star, leaving the read state as it is.
	Star string
	// Open sets the opening time and marks the item read.
	Open string
}

// MarkRead sets the read state of items for a user, all or none: an item of
// a feed the user does not follow is ENOTFOUND and changes nothing.
func (s *Store) MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error {
	return s.setStates(ctx, "mark read", userID, itemIDs, s.sql.State.Read, read)
}

// StarItems stars or unstars items for a user, all or none: an item of a
// feed the user does not follow is ENOTFOUND and changes nothing. Stars
// leave the read state as it is.
func (s *Store) StarItems(ctx context.Context, userID int64, itemIDs []int64, starred bool) error {
	return s.setStates(ctx, "star items", userID, itemIDs, s.sql.State.Star, starred)
}

// MarkOpened records that the user opened an item at t and marks it read.
// An item of a feed the user does not follow is ENOTFOUND; a zero t is
// EINVALID.
func (s *Store) MarkOpened(ctx context.Context, userID, itemID int64, t time.Time) error {
	if err := store.CheckOpened(itemID, t); err != nil {
		return err
	}
	return s.setStates(ctx, "mark opened", userID, []int64{itemID}, s.sql.State.Open, store.Nanos(t))
}

// setStates writes a user's state of items, all or none, in one transaction
// through upsert. An item of a feed the user does not follow is ENOTFOUND
// and changes nothing. op names the operation in errors.
func (s *Store) setStates(ctx context.Context, op string, userID int64, itemIDs []int64, upsert string, value any) error {
	if len(itemIDs) == 0 {
		return nil
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return s.d.Wrap(op, err)
	}
	defer tx.Rollback(ctx)
	find, err := tx.Prepare(ctx, s.sql.State.Followed)
	if err != nil {
		return s.d.Wrap(op, err)
	}
	set, err := tx.Prepare(ctx, upsert)
	if err != nil {
		return s.d.Wrap(op, err)
	}
	for _, id := range itemIDs {
		if err := s.setState(ctx, op, find, set, userID, id, value); err != nil {
			return err
		}
	}
	return s.d.WrapIf(op, tx.Commit(ctx))
}

// setState writes the state of one item the user must follow.
func (s *Store) setState(ctx context.Context, op string, find, set Stmt, userID, itemID int64, value any) error {
	var feedID int64
	err := find.QueryRow(ctx, userID, itemID).Scan(&feedID)
	if errors.Is(err, ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "item %d not found", itemID)
	}
	if err != nil {
		return s.d.Wrap(op, err)
	}
	_, err = set.Exec(ctx, userID, itemID, feedID, value)
	return s.d.WrapIf(op, err)
}
