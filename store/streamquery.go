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
// and until: q's unread items, up to until when that is earlier than q's
// own end. A query without a user is EINVALID.
func ReadUnder(q vigil.StreamQuery, until time.Time) (vigil.StreamQuery, error) {
	if q.UserID == 0 {
		return q, vigil.Errorf(vigil.EINVALID, "marking a stream read needs a user")
	}
	q.ExcludeRead, q.ReadOnly = true, false
	if !until.IsZero() && (q.Until.IsZero() || until.Before(q.Until)) {
		q.Until = until
	}
	return q, nil
}
