package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// FollowPage makes the user follow url as a page: the feed row, the page
// row and the subscription are written in one transaction, so the monitor
// never fetches the URL as a feed. Following it again only sets the weight;
// a URL already watched as a feed is ECONFLICT.
func (db *DB) FollowPage(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error) {
	if err := store.CheckFollow("page", url, weight, now); err != nil {
		return nil, err
	}
	feedID, err := db.followPage(ctx, userID, url, weight, now)
	if err != nil {
		return nil, err
	}
	return db.Subscription(ctx, userID, feedID)
}

// followPage writes the feed, page and subscription rows.
func (db *DB) followPage(ctx context.Context, userID int64, url string, weight float64, now time.Time) (int64, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, wrap("follow page", err)
	}
	defer tx.Rollback()
	feedID, created, err := createFeedRow(ctx, tx, url, now)
	if err != nil {
		return 0, err
	}
	if created {
		if _, err := tx.ExecContext(ctx, `INSERT INTO pages (feed_id) VALUES (?)`, feedID); err != nil {
			return 0, wrap("create page", err)
		}
	} else if ok, err := isPage(ctx, tx, feedID); err != nil {
		return 0, err
	} else if !ok {
		return 0, vigil.Errorf(vigil.ECONFLICT, "%s is already watched as a feed", url)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO subscriptions (user_id, feed_id, weight, created_at) VALUES (?, ?, ?, ?)
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = excluded.weight`,
		userID, feedID, weight, store.Nanos(now))
	if isForeignKey(err) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	if err != nil {
		return 0, wrap("follow page", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, wrap("follow page", err)
	}
	return feedID, nil
}

// createFeedRow inserts a feed row due at now unless one has url, and
// returns its ID and whether it was created.
func createFeedRow(ctx context.Context, tx *sql.Tx, url string, now time.Time) (int64, bool, error) {
	res, err := tx.ExecContext(ctx,
		`INSERT INTO feeds (url, status, created_at, next_fetch) VALUES (?, ?, ?, ?)
		 ON CONFLICT (url) DO NOTHING`,
		url, vigil.FeedActive, store.Nanos(now), store.Nanos(now))
	if err != nil {
		return 0, false, wrap("create page", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, false, wrap("create page", err)
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM feeds WHERE url = ?`, url).Scan(&id); err != nil {
		return 0, false, wrap("create page", err)
	}
	return id, n == 1, nil
}

// pageSQL is the SQLite text of the statements about watched pages.
var pageSQL = sqlflow.PageSQL{IsPage: `SELECT 1 FROM pages WHERE feed_id = ?`}

// isPage reports whether the feed row is a page.
func isPage(ctx context.Context, q querier, feedID int64) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM pages WHERE feed_id = ?`, feedID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, wrap("look up page", err)
	}
	return true, nil
}

// Page returns the page of a feed row, or ENOTFOUND when it is not a page.
// Its owner is the earliest follower still following.
func (db *DB) Page(ctx context.Context, feedID int64) (*vigil.Page, error) {
	row := db.read.QueryRowContext(ctx, `SELECT p.kinds, p.selector, p.ignore, p.noise, p.content_type, p.note,
		(SELECT user_id FROM subscriptions s WHERE s.feed_id = p.feed_id ORDER BY s.created_at, s.user_id LIMIT 1),
		(SELECT count(*) FROM page_versions v WHERE v.feed_id = p.feed_id),
		(SELECT coalesce(sum(length(b.data)), 0) FROM page_blobs b
			WHERE b.hash IN (SELECT hash FROM page_versions v WHERE v.feed_id = p.feed_id))
		FROM pages p WHERE p.feed_id = ?`, feedID)
	p, err := store.ScanPage(row, feedID)
	return found(p, err, "read page", "feed %d is not a watched page", feedID)
}

// SetPageKinds sets the kinds of change monitored on a page. Only its
// owner may (ECONFLICT for anyone else); an unknown kind is EINVALID.
func (db *DB) SetPageKinds(ctx context.Context, userID, feedID int64, kinds []string) error {
	v, err := store.JoinPageKinds(kinds)
	if err != nil {
		return err
	}
	return db.setPageColumn(ctx, userID, feedID, "kinds", v)
}

// SetPageSelector sets the CSS selector of the watched region; only the
// page's owner may (ECONFLICT otherwise). The change package checks the
// selector at the next fetch and the page's note tells what was wrong.
func (db *DB) SetPageSelector(ctx context.Context, userID, feedID int64, selector string) error {
	selector, err := store.PageSelector(selector)
	if err != nil {
		return err
	}
	return db.setPageColumn(ctx, userID, feedID, "selector", selector)
}

// SetPageIgnore sets the page's ignore rules; only its owner may.
func (db *DB) SetPageIgnore(ctx context.Context, userID, feedID int64, rules []string) error {
	v, err := store.PageIgnore(rules)
	if err != nil {
		return err
	}
	return db.setPageColumn(ctx, userID, feedID, "ignore", v)
}

// setPageColumn sets one of the owner's columns of a page (a constant name).
func (db *DB) setPageColumn(ctx context.Context, userID, feedID int64, column, value string) error {
	p, err := db.Page(ctx, feedID)
	if err != nil {
		return err
	}
	if p.OwnerID != userID {
		return vigil.Errorf(vigil.ECONFLICT, "only the page's first follower chooses what is monitored")
	}
	_, err = db.write.ExecContext(ctx, `UPDATE pages SET `+column+` = ? WHERE feed_id = ?`, value, feedID)
	if err != nil {
		return wrap("set page "+column, err)
	}
	return nil
}

// SetPageNote records the content type of a page and what vigil could not
// do with it.
func (db *DB) SetPageNote(ctx context.Context, feedID int64, contentType, note string) error {
	res, err := db.write.ExecContext(ctx, `UPDATE pages SET content_type = ?, note = ? WHERE feed_id = ?`, contentType, note, feedID)
	if err != nil {
		return wrap("set page note", err)
	}
	return requireRow(res, "set page note", "feed %d is not a watched page", feedID)
}

// MakePage turns an itemless feed row into a page and leaves notice for
// each follower, in one transaction.
func (db *DB) MakePage(ctx context.Context, feedID int64, notice string, now time.Time) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return wrap("make page", err)
	}
	defer tx.Rollback()
	var items int
	err = tx.QueryRowContext(ctx, `SELECT item_count FROM feeds WHERE id = ?`, feedID).Scan(&items)
	if errors.Is(err, sql.ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", feedID)
	}
	if err != nil {
		return wrap("make page", err)
	}
	if items > 0 {
		return vigil.Errorf(vigil.ECONFLICT, "feed %d has items: it is a feed", feedID)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO pages (feed_id) VALUES (?) ON CONFLICT DO NOTHING`, feedID); err != nil {
		return wrap("make page", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO notices (user_id, at, text)
		SELECT user_id, ?, ? FROM subscriptions WHERE feed_id = ?`, store.Nanos(now), notice, feedID); err != nil {
		return wrap("make page", err)
	}
	if err := tx.Commit(); err != nil {
		return wrap("make page", err)
	}
	return nil
}
