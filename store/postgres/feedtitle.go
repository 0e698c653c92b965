package postgres

import "context"

// SetFeedTitle gives a feed a title while the feed has none, e.g. the text
// of an imported OPML outline before the first fetch brings the feed's own
// (a fetch replaces it only with a title it found). It reports whether the
// title was set.
func (db *DB) SetFeedTitle(ctx context.Context, feedID int64, title string) (bool, error) {
	tag, err := db.pool.Exec(ctx, `UPDATE feeds SET title = $1 WHERE id = $2 AND title = ''`, clean(title), feedID)
	if err != nil {
		return false, wrap("set feed title", err)
	}
	return tag.RowsAffected() > 0, nil
}
