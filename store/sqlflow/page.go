package sqlflow

import (
	"context"
	"errors"
)

// PageSQL is the text of the statements about watched pages.
type PageSQL struct {
	// IsPage returns 1 when the feed $1 is a watched page.
	IsPage string
}

// isPage reports whether the feed row is a page.
func (s *Store) isPage(ctx context.Context, q Querier, feedID int64) (bool, error) {
	var one int
	err := q.QueryRow(ctx, s.sql.Page.IsPage, feedID).Scan(&one)
	if errors.Is(err, ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, s.d.Wrap("look up page", err)
	}
	return true, nil
}
