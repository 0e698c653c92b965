package sqlflow

import (
	"context"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// PageChangeSQL is the text of the page change statements. The column
// list of each change query is store.ScanChange's for a change c of a
// feed f.
type PageChangeSQL struct {
	// List selects changes; the caller appends the condition (after
	// WHERE) and the order and limit.
	List string
	// Evaluations returns the evaluations of the changes of the ID list
	// $1, oldest first, for store.ScanEvaluation.
	Evaluations string
	// ByID returns the change $1.
	ByID string
	// ByIDFollowed returns the change $1 if the user $2 follows its page.
	ByIDFollowed string
	// Evaluate stores or replaces the evaluation (change, user, rating,
	// comment, at) of a change of a page the user follows.
	Evaluate string
	// AddGroup stores a change of a group (feed, version, previous version,
	// group, at, extents, severity, summary) unless the group has one
	// from and to the same versions, returning its ID.
	AddGroup string
}

// Changes lists changes newest first, of one page (q.FeedID) and/or of the
// pages a user follows (q.UserID), at or after q.Since, with evaluations.
func (s *Store) Changes(ctx context.Context, q store.ChangeQuery) ([]vigil.PageChange, error) {
	a := args{d: &s.d}
	where := store.ChangeWhere(q, a.add)
	query := s.sql.PageChange.List + where + ` ORDER BY c.id DESC LIMIT ` + a.add(store.ChangeLimit(q))
	rows, err := s.conn.Read().Query(ctx, query, a.list...)
	out, err := list(&s.d, rows, err, "list page changes", store.ScanChange)
	if err != nil {
		return nil, err
	}
	return out, s.attachEvaluations(ctx, out)
}

// attachEvaluations fills the evaluations of each change, oldest first.
func (s *Store) attachEvaluations(ctx context.Context, changes []vigil.PageChange) error {
	if len(changes) == 0 {
		return nil
	}
	ids, err := s.d.IDs(store.ChangeIDs(changes))
	if err != nil {
		return s.d.Wrap("list evaluations", err)
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.PageChange.Evaluations, ids)
	evals, err := list(&s.d, rows, err, "list evaluations", store.ScanEvaluation)
	if err != nil {
		return err
	}
	store.AttachEvaluations(changes, evals)
	return nil
}

// Change returns one change with its evaluations; with a userID only a
// change of a page the user follows (ENOTFOUND otherwise).
func (s *Store) Change(ctx context.Context, userID, changeID int64) (*vigil.PageChange, error) {
	query, args := s.sql.PageChange.ByID, []any{changeID}
	if userID != 0 {
		query, args = s.sql.PageChange.ByIDFollowed, append(args, userID)
	}
	c, err := store.ScanChange(s.conn.Read().QueryRow(ctx, query, args...))
	if c, err = found(&s.d, c, err, "read page change", "change %d not found", changeID); err != nil {
		return nil, err
	}
	list := []vigil.PageChange{*c}
	if err := s.attachEvaluations(ctx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}

// Evaluate records or replaces the user's rating of a change of a page the
// user follows. A rating that is not negligible, significant or important
// is EINVALID; a change the user cannot see is ENOTFOUND.
func (s *Store) Evaluate(ctx context.Context, e vigil.Evaluation) error {
	e, err := store.CleanEvaluation(e)
	if err != nil {
		return err
	}
	n, err := s.conn.Write().Exec(ctx, s.sql.PageChange.Evaluate,
		e.ChangeID, e.UserID, e.Rating, s.d.text(e.Comment), store.Nanos(e.At))
	if err != nil {
		return s.d.Wrap("store evaluation", err)
	}
	return requireRow(n, "change %d not found", e.ChangeID)
}

// AddGroupChange stores a change of a weekly or monthly group, once per
// (group, from, to); it returns 0 when the group had it already.
func (s *Store) AddGroupChange(ctx context.Context, feedID int64, group string, versionID int64, c store.NewChange, at time.Time) (int64, error) {
	if err := store.CheckChangeGroup(group); err != nil {
		return 0, err
	}
	var id int64
	err := s.conn.Write().QueryRow(ctx, s.sql.PageChange.AddGroup, feedID, versionID, c.PrevID, group, store.Nanos(at),
		s.d.text(string(c.Extents)), s.d.text(c.Severity), s.d.text(c.Summary)).Scan(&id)
	if errors.Is(err, ErrNoRows) || s.d.IsUnique(err) {
		return 0, nil // the group has it already
	}
	if err != nil {
		return 0, s.d.Wrap("store group change", err)
	}
	return id, nil
}
