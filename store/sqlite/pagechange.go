package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// changeColumns are the columns store.ScanChange reads for a change c of feed f.
const changeColumns = `c.id, c.feed_id, f.url, f.title, c.at, c.grp, c.version_id, c.prev_id, c.extents, c.severity, c.summary`

// Changes lists changes newest first, of one page (q.FeedID) and/or of the
// pages a user follows (q.UserID), at or after q.Since, with evaluations.
func (db *DB) Changes(ctx context.Context, q store.ChangeQuery) ([]vigil.PageChange, error) {
	var p positional
	where := store.ChangeWhere(q, p.add)
	rows, err := db.read.QueryContext(ctx, `SELECT `+changeColumns+` FROM page_changes c JOIN feeds f ON f.id = c.feed_id
		WHERE `+where+` ORDER BY c.id DESC LIMIT `+p.add(store.ChangeLimit(q)), p.args...)
	if err != nil {
		return nil, wrap("list page changes", err)
	}
	out, err := collect(rows, store.ScanChange)
	if err != nil {
		return nil, wrap("list page changes", err)
	}
	return out, db.attachEvaluations(ctx, out)
}

// attachEvaluations fills the evaluations of each change, oldest first.
func (db *DB) attachEvaluations(ctx context.Context, changes []vigil.PageChange) error {
	if len(changes) == 0 {
		return nil
	}
	arg, err := json.Marshal(store.ChangeIDs(changes))
	if err != nil {
		return wrap("list evaluations", err)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT e.change_id, e.user_id, u.name, e.rating, e.comment, e.at
		FROM evaluations e JOIN users u ON u.id = e.user_id
		WHERE e.change_id IN (SELECT value FROM json_each(?)) ORDER BY e.at, e.user_id`, string(arg))
	if err != nil {
		return wrap("list evaluations", err)
	}
	evals, err := collect(rows, store.ScanEvaluation)
	if err != nil {
		return wrap("list evaluations", err)
	}
	store.AttachEvaluations(changes, evals)
	return nil
}

// Change returns one change with its evaluations; with a userID only a
// change of a page the user follows (ENOTFOUND otherwise).
func (db *DB) Change(ctx context.Context, userID, changeID int64) (*vigil.PageChange, error) {
	query := `SELECT ` + changeColumns + ` FROM page_changes c JOIN feeds f ON f.id = c.feed_id WHERE c.id = ?`
	args := []any{changeID}
	if userID != 0 {
		query += ` AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = ?)`
		args = append(args, userID)
	}
	c, err := store.ScanChange(db.read.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "change %d not found", changeID)
	}
	if err != nil {
		return nil, wrap("read page change", err)
	}
	list := []vigil.PageChange{*c}
	if err := db.attachEvaluations(ctx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}

// Evaluate records or replaces the user's rating of a change of a page the
// user follows. A rating that is not negligible, significant or important
// is EINVALID; a change the user cannot see is ENOTFOUND.
func (db *DB) Evaluate(ctx context.Context, e vigil.Evaluation) error {
	e, err := store.CleanEvaluation(e)
	if err != nil {
		return err
	}
	res, err := db.write.ExecContext(ctx, `INSERT INTO evaluations (change_id, user_id, rating, comment, at)
		SELECT c.id, ?2, ?3, ?4, ?5 FROM page_changes c
		WHERE c.id = ?1 AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = ?2)
		ON CONFLICT (change_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, at = excluded.at`,
		e.ChangeID, e.UserID, e.Rating, e.Comment, store.Nanos(e.At))
	if err != nil {
		return wrap("store evaluation", err)
	}
	return requireRow(res, "store evaluation", "change %d not found", e.ChangeID)
}

// AddGroupChange stores a change of a weekly or monthly group, once per
// (group, from, to).
func (db *DB) AddGroupChange(ctx context.Context, feedID int64, group string, versionID int64, c store.NewChange, at time.Time) (int64, error) {
	if err := store.CheckChangeGroup(group); err != nil {
		return 0, err
	}
	res, err := db.write.ExecContext(ctx, `INSERT INTO page_changes (feed_id, version_id, prev_id, grp, at, extents, severity, summary)
		SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE NOT EXISTS
		(SELECT 1 FROM page_changes WHERE feed_id = ?1 AND grp = ?4 AND version_id = ?2 AND prev_id = ?3)`,
		feedID, versionID, c.PrevID, group, store.Nanos(at), string(c.Extents), c.Severity, c.Summary)
	if err != nil {
		return 0, wrap("store group change", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return 0, nil
	}
	return res.LastInsertId()
}
