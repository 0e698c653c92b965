package sqlflow

import (
	"context"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// PageSQL is the text of the statements about watched pages.
type PageSQL struct {
	// IsPage returns 1 when the feed $1 is a watched page.
	IsPage string
	// Create makes the feed $1 a page.
	Create string
	// Read returns the page of the feed $1 for store.ScanPage.
	Read string
	// SetKinds, SetSelector and SetIgnore set the column they name to $1
	// for the page $2.
	SetKinds, SetSelector, SetIgnore string
	// SetReturns sets the returns column to $1 for the page $2.
	SetReturns string
	// SetReading sets the reading settings (JSON) $1 of the page $2.
	SetReading string
	// SetNoiseForgotten sets the undone noise items (JSON) $1 of the page
	// $2.
	SetNoiseForgotten string
	// SetNote sets the content type $1 and note $2 of the page $3.
	SetNote string
	// ItemCount returns the item count of the feed $1, locking its row
	// where the store needs it.
	ItemCount string
	// Make makes the feed $1 a page unless it is one already.
	Make string
}

// FollowPage makes the user follow url as a page: the feed row, the page
// row and the subscription are written in one transaction, so the monitor
// never fetches the URL as a feed. Following it again only sets the weight;
// a URL already watched as a feed is ECONFLICT.
func (s *Store) FollowPage(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error) {
	if err := store.CheckFollow("page", url, weight, now); err != nil {
		return nil, err
	}
	feedID, err := s.followPage(ctx, userID, url, weight, now)
	if err != nil {
		return nil, err
	}
	return s.Subscription(ctx, userID, feedID)
}

// followPage writes the feed, page and subscription rows.
func (s *Store) followPage(ctx context.Context, userID int64, url string, weight float64, now time.Time) (int64, error) {
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return 0, s.d.Wrap("follow page", err)
	}
	defer tx.Rollback(ctx)
	feedID, created, err := s.createFeedRow(ctx, tx, url, now, "create page")
	if err != nil {
		return 0, err
	}
	if created {
		if _, err := tx.Exec(ctx, s.sql.Page.Create, feedID); err != nil {
			return 0, s.d.Wrap("create page", err)
		}
	} else if ok, err := s.isPage(ctx, tx, feedID); err != nil {
		return 0, err
	} else if !ok {
		return 0, vigil.Errorf(vigil.ECONFLICT, "%s is already watched as a feed", url)
	}
	if err := s.follow(ctx, tx, userID, feedID, weight, now, "follow page"); err != nil {
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, s.d.Wrap("follow page", err)
	}
	return feedID, nil
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

// Page returns the page of a feed row, or ENOTFOUND when it is not a page.
// Its owner is the earliest follower still following.
func (s *Store) Page(ctx context.Context, feedID int64) (*vigil.Page, error) {
	p, err := store.ScanPage(s.conn.Read().QueryRow(ctx, s.sql.Page.Read, feedID), feedID)
	return found(&s.d, p, err, "read page", "feed %d is not a watched page", feedID)
}

// SetPageKinds sets the kinds of change monitored on a page. Only its
// owner may (ECONFLICT for anyone else); an unknown kind is EINVALID.
func (s *Store) SetPageKinds(ctx context.Context, userID, feedID int64, kinds []string) error {
	v, err := store.JoinPageKinds(kinds)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "kinds", s.sql.Page.SetKinds, v)
}

// SetPageSelector sets the CSS selector of the watched region; only the
// page's owner may (ECONFLICT otherwise). The change package checks the
// selector at the next fetch and the page's note tells what was wrong.
func (s *Store) SetPageSelector(ctx context.Context, userID, feedID int64, selector string) error {
	selector, err := store.PageSelector(selector)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "selector", s.sql.Page.SetSelector, s.d.text(selector))
}

// SetPageIgnore sets the page's ignore rules; only its owner may.
func (s *Store) SetPageIgnore(ctx context.Context, userID, feedID int64, rules []string) error {
	v, err := store.PageIgnore(rules)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "ignore", s.sql.Page.SetIgnore, v)
}

// SetPageReturns sets how many of the page's last states a new version is
// compared with to tell a return; only its owner may.
func (s *Store) SetPageReturns(ctx context.Context, userID, feedID int64, n int) error {
	n, err := store.PageReturns(n)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "returns", s.sql.Page.SetReturns, n)
}

// setPageColumn sets one of the owner's columns of a page through query.
func (s *Store) setPageColumn(ctx context.Context, userID, feedID int64, column, query string, value any) error {
	p, err := s.Page(ctx, feedID)
	if err != nil {
		return err
	}
	if p.OwnerID != userID {
		return vigil.Errorf(vigil.ECONFLICT, "only the page's first follower chooses what is monitored")
	}
	if _, err = s.conn.Write().Exec(ctx, query, value, feedID); err != nil {
		return s.d.Wrap("set page "+column, err)
	}
	return nil
}

// SetPageNote records the content type of a page and what vigil could not
// do with it.
func (s *Store) SetPageNote(ctx context.Context, feedID int64, contentType, note string) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Page.SetNote, s.d.text(contentType), s.d.text(note), feedID)
	if err != nil {
		return s.d.Wrap("set page note", err)
	}
	return requireRow(n, "feed %d is not a watched page", feedID)
}

// MakePage turns an itemless feed row into a page and leaves notice for
// each follower, in one transaction.
func (s *Store) MakePage(ctx context.Context, feedID int64, notice string, now time.Time) error {
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return s.d.Wrap("make page", err)
	}
	defer tx.Rollback(ctx)
	var items int64
	err = tx.QueryRow(ctx, s.sql.Page.ItemCount, feedID).Scan(&items)
	if errors.Is(err, ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return s.d.Wrap("make page", err)
	}
	if items > 0 {
		return vigil.Errorf(vigil.ECONFLICT, "feed %d has items: it is a feed", feedID)
	}
	if _, err := tx.Exec(ctx, s.sql.Page.Make, feedID); err != nil {
		return s.d.Wrap("make page", err)
	}
	if _, err := tx.Exec(ctx, s.sql.Notify, store.Nanos(now), s.d.text(notice), feedID); err != nil {
		return s.d.Wrap("make page", err)
	}
	return s.d.WrapIf("make page", tx.Commit(ctx))
}
