package sqlflow

import (
	"context"

	"vigil"
	"vigil/store"
)

// FolderSQL is the text of the statements that file and name a user's
// subscriptions.
type FolderSQL struct {
	// SetFolder and SetTitle set the column they name to $1 for the
	// subscription of the user $2 to the feed $3.
	SetFolder, SetTitle string
}

// SetFolder moves one of the user's subscriptions into a folder; the path
// is cleaned by vigil.CleanFolder ("" is the top level). A bad path is
// EINVALID, a feed the user does not follow ENOTFOUND.
func (s *Store) SetFolder(ctx context.Context, userID, feedID int64, folder string) error {
	clean, err := vigil.CleanFolder(folder)
	if err != nil {
		return err
	}
	return s.setSubscriptionText(ctx, "set folder", s.sql.Folder.SetFolder, userID, feedID, clean)
}

// RenameSubscription sets the user's own title for a feed, trimmed of
// spaces ("" shows the feed's own again). A title over store.MaxTitleLength
// bytes is EINVALID, a feed the user does not follow ENOTFOUND.
func (s *Store) RenameSubscription(ctx context.Context, userID, feedID int64, title string) error {
	title, err := store.SubscriptionTitle(title)
	if err != nil {
		return err
	}
	return s.setSubscriptionText(ctx, "rename subscription", s.sql.Folder.SetTitle, userID, feedID, s.d.text(title))
}

// setSubscriptionText sets one text column of a subscription through query.
func (s *Store) setSubscriptionText(ctx context.Context, op, query string, userID, feedID int64, value string) error {
	n, err := s.conn.Write().Exec(ctx, query, value, userID, feedID)
	if err != nil {
		return s.d.Wrap(op, err)
	}
	return requireRow(n, "subscription to feed %d not found", feedID)
}
