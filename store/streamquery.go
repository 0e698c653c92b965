package store

import (
	"time"

	"vigil"
)

// StreamLimit returns how many entries the stream query q reads; a query
// without a user or with a negative limit is EINVALID.
func StreamLimit(q vigil.StreamQuery) (int, error) {
	if q.UserID == 0 || q.Limit < 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "a stream needs a user and a limit that is not negative")
	}
	if q.Limit == 0 {
		return DefaultStreamLimit, nil
	}
	return min(q.Limit, MaxStreamLimit), nil
}

// StreamOrder returns the ORDER BY clause of the stream query q, over items
// aliased i: by listing time or by ID, newest or oldest first.
func StreamOrder(q vigil.StreamQuery) string {
	order := `DESC`
	if q.OldestFirst {
		order = `ASC`
	}
	if q.ByID {
		return ` ORDER BY i.id ` + order
	}
	return ` ORDER BY i.sort_at ` + order + `, i.id ` + order
}

// StreamOp returns the operator that compares the items after a place of
// the stream query q's order with that place: < newest first, > oldest
// first.
func StreamOp(q vigil.StreamQuery) string {
	if q.OldestFirst {
		return `>`
	}
	return `<`
}

// ReadUnder returns the stream query that MarkStreamRead marks read for q
// and until: q's unread items that vigil first saw at or before until (or
// before q's own SeenUntil, when earlier), whatever their publication
// dates. A query without a user is EINVALID.
func ReadUnder(q vigil.StreamQuery, until time.Time) (vigil.StreamQuery, error) {
	if q.UserID == 0 {
		return q, vigil.Errorf(vigil.EINVALID, "marking a stream read needs a user")
	}
	q.ExcludeRead, q.ReadOnly = true, false
	if !until.IsZero() && (q.SeenUntil.IsZero() || until.Before(q.SeenUntil)) {
		q.SeenUntil = until
	}
	return q, nil
}
