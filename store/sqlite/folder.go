package sqlite

import (
	"context"

	"vigil/store"

	"vigil"
)

// SetFolder moves one of the user's subscriptions into a folder; the path
// is cleaned by vigil.CleanFolder ("" is the top level). A bad path is
// EINVALID, a feed the user does not follow ENOTFOUND.
func (db *DB) SetFolder(ctx context.Context, userID, feedID int64, folder string) error {
	clean, err := vigil.CleanFolder(folder)
	if err != nil {
		return err
	}
	return db.setSubscriptionText(ctx, "set folder", "folder", userID, feedID, clean)
}

// RenameSubscription sets the user's own title for a feed, trimmed of
// spaces ("" shows the feed's own again). A title over store.MaxTitleLength
// bytes is EINVALID, a feed the user does not follow ENOTFOUND.
func (db *DB) RenameSubscription(ctx context.Context, userID, feedID int64, title string) error {
	title, err := store.SubscriptionTitle(title)
	if err != nil {
		return err
	}
	return db.setSubscriptionText(ctx, "rename subscription", "title", userID, feedID, title)
}

// setSubscriptionText sets one text column (a constant name, never input)
// of a subscription.
func (db *DB) setSubscriptionText(ctx context.Context, op, column string, userID, feedID int64, value string) error {
	res, err := db.write.ExecContext(ctx,
		`UPDATE subscriptions SET `+column+` = ? WHERE user_id = ? AND feed_id = ?`, value, userID, feedID)
	if err != nil {
		return wrap(op, err)
	}
	return requireRow(res, op, "subscription to feed %d not found", feedID)
}
