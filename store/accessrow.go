package store

import (
	"database/sql"
	"time"

	"vigil"
)

// ReadAccesses reads rows of (user_id, at) into each user's access times,
// in the rows' order; it does not close rows.
func ReadAccesses(rows Rows) (map[int64][]time.Time, error) {
	out := map[int64][]time.Time{}
	for rows.Next() {
		var user int64
		var at sql.NullInt64
		if err := rows.Scan(&user, &at); err != nil {
			return nil, err
		}
		out[user] = append(out[user], FromNanos(at))
	}
	return out, rows.Err()
}

// ScanLook reads one look from r, whose columns are, in order: user_id,
// feed_id, at.
func ScanLook(r Row) (*vigil.Look, error) {
	var l vigil.Look
	var at sql.NullInt64
	err := r.Scan(&l.UserID, &l.FeedID, &at)
	l.At = FromNanos(at)
	return &l, err
}

// ScanReader reads one subscription as a reader from r, whose columns are,
// in order: user_id, feed_id, weight.
func ScanReader(r Row) (*vigil.Reader, error) {
	var v vigil.Reader
	return &v, r.Scan(&v.UserID, &v.FeedID, &v.Weight)
}

// ScanNotice reads one notice from r, whose columns are, in order: id,
// user_id, at, text.
func ScanNotice(r Row) (*vigil.Notice, error) {
	var n vigil.Notice
	var at sql.NullInt64
	err := r.Scan(&n.ID, &n.UserID, &at, &n.Text)
	n.At = FromNanos(at)
	return &n, err
}
