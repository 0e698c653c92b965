package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// changeColumns are the columns store.ScanChange reads for a change c of feed f.
const changeColumns = `c.id, c.feed_id, f.url, f.title, c.at, c.grp, c.version_id, c.prev_id, c.extents, c.severity, c.summary`

// Changes lists changes newest first, of one page (q.FeedID) and/or of the
// pages a user follows (q.UserID), at or after q.Since, with evaluations.
func (db *DB) Changes(ctx context.Context, q store.ChangeQuery) ([]vigil.PageChange, error) {
	var p params
	where := store.ChangeWhere(q, p.add)
	rows, err := db.pool.Query(ctx, `SELECT `+changeColumns+` FROM page_changes c JOIN feeds f ON f.id = c.feed_id
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
	rows, err := db.pool.Query(ctx, `SELECT e.change_id, e.user_id, u.name, e.rating, e.comment, e.at
		FROM evaluations e JOIN users u ON u.id = e.user_id
		WHERE e.change_id = ANY($1) ORDER BY e.at, e.user_id`, store.ChangeIDs(changes))
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
	query := `SELECT ` + changeColumns + ` FROM page_changes c JOIN feeds f ON f.id = c.feed_id WHERE c.id = $1`
	args := []any{changeID}
	if userID != 0 {
		query += ` AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $2)`
		args = append(args, userID)
	}
	c, err := store.ScanChange(db.pool.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
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
	tag, err := db.pool.Exec(ctx, `INSERT INTO evaluations (change_id, user_id, rating, comment, at)
		SELECT c.id, $2::bigint, $3::text, $4::text, $5::bigint FROM page_changes c
		WHERE c.id = $1 AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $2::bigint)
		ON CONFLICT (change_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, at = excluded.at`,
		e.ChangeID, e.UserID, e.Rating, clean(e.Comment), store.Nanos(e.At))
	if err != nil {
		return wrap("store evaluation", err)
	}
	return requireRow(tag.RowsAffected(), "change %d not found", e.ChangeID)
}

// AddGroupChange stores a change of a weekly or monthly group, once per
// (group, from, to); it returns 0 when the group had it already.
func (db *DB) AddGroupChange(ctx context.Context, feedID int64, group string, versionID int64, c store.NewChange, at time.Time) (int64, error) {
	if err := store.CheckChangeGroup(group); err != nil {
		return 0, err
	}
	var id int64
	err := db.pool.QueryRow(ctx, `INSERT INTO page_changes (feed_id, version_id, prev_id, grp, at, extents, severity, summary)
		SELECT $1::bigint, $2::bigint, $3::bigint, $4::text, $5::bigint, $6::text, $7::text, $8::text WHERE NOT EXISTS
		(SELECT 1 FROM page_changes WHERE feed_id = $1::bigint AND grp = $4::text AND version_id = $2::bigint AND prev_id = $3::bigint)
		RETURNING id`,
		feedID, versionID, c.PrevID, group, store.Nanos(at), clean(string(c.Extents)), clean(c.Severity), clean(c.Summary)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) || isUnique(err) {
		return 0, nil // the group has it already
	}
	if err != nil {
		return 0, wrap("store group change", err)
	}
	return id, nil
}
