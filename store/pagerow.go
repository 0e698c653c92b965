package store

import (
	"database/sql"
	"encoding/json"

	"vigil"
)

// ScanChange reads one page change from r, whose columns are, in order
// (each store's changeColumns): the change's id, feed_id, the feed's url
// and title, at, grp, version_id, prev_id, extents, severity, summary.
func ScanChange(s Row) (*vigil.PageChange, error) {
	var (
		c       vigil.PageChange
		at      sql.NullInt64
		extents string
	)
	if err := s.Scan(&c.ID, &c.FeedID, &c.URL, &c.Title, &at, &c.Group, &c.VersionID, &c.PrevID, &extents, &c.Severity, &c.Summary); err != nil {
		return nil, err
	}
	c.At, c.Extents, c.Evaluations = FromNanos(at), json.RawMessage(extents), []vigil.Evaluation{}
	return &c, nil
}

// ScanEvaluation reads one evaluation from r, whose columns are, in order:
// change_id, user_id, the user's name, rating, comment, at.
func ScanEvaluation(r Row) (*vigil.Evaluation, error) {
	var (
		e  vigil.Evaluation
		at sql.NullInt64
	)
	if err := r.Scan(&e.ChangeID, &e.UserID, &e.UserName, &e.Rating, &e.Comment, &at); err != nil {
		return nil, err
	}
	e.At = FromNanos(at)
	return &e, nil
}

// ScanVersion reads one page version from r, whose columns are, in order
// (each store's versionColumns): id, feed_id, at, hash, the blob's size,
// content_type; then the extra destinations.
func ScanVersion(s Row, extra ...any) (*vigil.PageVersion, error) {
	var (
		v  vigil.PageVersion
		at sql.NullInt64
	)
	dest := append([]any{&v.ID, &v.FeedID, &at, &v.Hash, &v.Size, &v.ContentType}, extra...)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	v.At = FromNanos(at)
	return &v, nil
}
