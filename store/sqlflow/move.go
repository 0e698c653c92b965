package sqlflow

import (
	"context"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// MoveSQL is the text of the statements that move a feed to a new URL.
type MoveSQL struct {
	// LockURL returns the URL of the feed $1, locking its row where the
	// store needs it.
	LockURL string
	// LockTarget returns the ID of the feed of URL $1, locking its row
	// where the store needs it.
	LockTarget string
	// Rename sets the URL of the feed $2 to $1.
	Rename string
	// MergeSubscriptions copies the subscriptions of the feed $2 to the feed
	// $1, a user following both keeping the larger weight.
	MergeSubscriptions string
	// MergePageFollows copies the page settings of the followers of the
	// feed $2 (threshold, group, conditions) to the feed $1, unless they
	// have their own there.
	MergePageFollows string
	// DeleteSubscriptions deletes the subscriptions of the feed $1.
	DeleteSubscriptions string
	// MoveLooks points the looks at the feed $2 to the feed $1.
	MoveLooks string
	// MoveAlertRules points the alert rules on the feed $2 to the feed $1.
	MoveAlertRules string
	// MergeItems moves the items of the feed $2 whose keys the feed $1
	// ($3, the same) lacks.
	MergeItems string
	// CountItems adds $1 to the item count of the feed $2.
	CountItems string
	// MoveStates points the states of the items the feed $1 ($3, the same)
	// took from the feed $2 to the feed $1.
	MoveStates string
	// CopyStates copies the states of the items of the feed $2 to the
	// items of the feed $1 with the same keys: a star on either item
	// stars it, and the later opening counts.
	CopyStates string
}

// MoveFeed records a permanent redirect of a feed to newURL and leaves a
// notice naming both URLs for each subscriber. When no feed has newURL the
// feed takes it; when another feed already has it, the subscriptions move
// there (a user following both keeps the larger weight), and so do the
// alert rules on the old feed and its items and their readers' states
// (read, starred, opened), except items whose key the other feed already
// has: those stay, and their states carry over to the other feed's item
// with that key (see mergeStates). It returns the ID of the feed that has
// newURL afterwards. An unknown feed is ENOTFOUND; an empty URL is
// EINVALID; moving a feed to its own URL changes nothing.
func (s *Store) MoveFeed(ctx context.Context, feedID int64, newURL string, now time.Time) (int64, error) {
	if err := store.CheckMove(feedID, newURL, now); err != nil {
		return 0, err
	}
	newURL = s.d.text(newURL)
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return 0, s.d.Wrap("move feed", err)
	}
	defer tx.Rollback(ctx)
	var oldURL string
	err = tx.QueryRow(ctx, s.sql.Move.LockURL, feedID).Scan(&oldURL)
	if errors.Is(err, ErrNoRows) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return 0, s.d.Wrap("move feed", err)
	}
	if oldURL == newURL {
		return feedID, nil
	}
	if err := s.noticeMove(ctx, tx, feedID, oldURL, newURL, now); err != nil {
		return 0, err
	}
	to, err := s.moveTo(ctx, tx, feedID, newURL)
	if err != nil {
		return 0, err
	}
	return to, s.d.WrapIf("move feed", tx.Commit(ctx))
}

// moveTo gives the feed newURL, or merges its subscriptions, alert rules
// and history into the feed that already has it, and returns the ID of the
// feed with newURL.
func (s *Store) moveTo(ctx context.Context, tx Tx, feedID int64, newURL string) (int64, error) {
	q := &s.sql.Move
	var targetID int64
	err := tx.QueryRow(ctx, q.LockTarget, newURL).Scan(&targetID)
	if errors.Is(err, ErrNoRows) {
		_, err = tx.Exec(ctx, q.Rename, newURL, feedID)
		return feedID, s.d.WrapIf("rename feed", err)
	}
	if err != nil {
		return 0, s.d.Wrap("move feed", err)
	}
	return targetID, s.merge(ctx, tx, feedID, targetID)
}

// merge moves the subscriptions, page settings, looks, alert rules and
// history of the feed feedID to the feed targetID.
func (s *Store) merge(ctx context.Context, tx Tx, feedID, targetID int64) error {
	q := &s.sql.Move
	if _, err := tx.Exec(ctx, q.MergeSubscriptions, targetID, feedID); err != nil {
		return s.d.Wrap("merge subscriptions", err)
	}
	// A page's followers keep their threshold and group on the page they
	// join, unless they had their own there.
	if _, err := tx.Exec(ctx, q.MergePageFollows, targetID, feedID); err != nil {
		return s.d.Wrap("merge page settings", err)
	}
	if _, err := tx.Exec(ctx, q.DeleteSubscriptions, feedID); err != nil {
		return s.d.Wrap("merge subscriptions", err)
	}
	if _, err := tx.Exec(ctx, q.MoveLooks, targetID, feedID); err != nil {
		return s.d.Wrap("merge looks", err)
	}
	if _, err := tx.Exec(ctx, q.MoveAlertRules, targetID, feedID); err != nil {
		return s.d.Wrap("merge alert rules", err)
	}
	return s.mergeHistory(ctx, tx, feedID, targetID)
}

// mergeHistory moves the items of feed from whose keys feed to lacks, with
// their read states, carries the read states of the items left behind over
// to feed to's items with the same keys, and updates both item counts.
func (s *Store) mergeHistory(ctx context.Context, tx Tx, from, to int64) error {
	moved, err := tx.Exec(ctx, s.sql.Move.MergeItems, to, from, to)
	if err != nil {
		return s.d.Wrap("merge items", err)
	}
	if err := s.mergeStates(ctx, tx, from, to); err != nil {
		return err
	}
	for _, c := range []struct{ feedID, delta int64 }{{from, -moved}, {to, moved}} {
		if _, err := tx.Exec(ctx, s.sql.Move.CountItems, c.delta, c.feedID); err != nil {
			return s.d.Wrap("count merged items", err)
		}
	}
	return nil
}

// mergeStates points the states (read, starred, opened) of the items moved
// from feed from to feed to, and copies the states of the items left behind
// to feed to's items with the same keys. Where the user has a state on
// feed to's item already, its read state stays, a star on either item
// stars it, and the later opening counts.
func (s *Store) mergeStates(ctx context.Context, tx Tx, from, to int64) error {
	if _, err := tx.Exec(ctx, s.sql.Move.MoveStates, to, from, to); err != nil {
		return s.d.Wrap("merge read states", err)
	}
	_, err := tx.Exec(ctx, s.sql.Move.CopyStates, to, from)
	return s.d.WrapIf("merge read states", err)
}

// noticeMove leaves a notice for every subscriber of the feed.
func (s *Store) noticeMove(ctx context.Context, tx Tx, feedID int64, oldURL, newURL string, now time.Time) error {
	page, err := s.isPage(ctx, tx, feedID)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, s.sql.Notify, store.Nanos(now), store.MoveNotice(page, oldURL, newURL), feedID)
	return s.d.WrapIf("leave notices", err)
}
