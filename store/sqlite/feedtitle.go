package sqlite

import "context"

// SetFeedTitle gives a feed title while the feed has none, e.g. the text
// of an imported OPML outline before the first fetch brings the feed's own
// (a fetch replaces it only with a title it found). It reports whether the
// title was set.
func (db *DB) SetFeedTitle(ctx context.Context, feedID int64, title string) (bool, error) {
	res, err := db.write.ExecContext(ctx, `UPDATE feeds SET title = ? WHERE id = ? AND title = ''`, title, feedID)
	if err != nil {
		return false, wrap("set feed title", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, wrap("set feed title", err)
	}
	return n > 0, nil
}
