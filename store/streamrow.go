package store

import (
	"database/sql"

	"vigil"
)

// ScanStreamEntry reads one stream entry from r, whose columns are, in
// order: the item's id, feed_id and sort_at, and the reader's read and
// starred flags.
func ScanStreamEntry(r Row) (*vigil.StreamEntry, error) {
	var e vigil.StreamEntry
	var at sql.NullInt64
	if err := r.Scan(&e.ID, &e.FeedID, &at, &e.Read, &e.Starred); err != nil {
		return nil, err
	}
	e.At = FromNanos(at)
	return &e, nil
}
