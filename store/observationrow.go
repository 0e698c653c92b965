package store

import (
	"database/sql"
	"time"

	"vigil"
)

// ScanObservation reads one observation from r, whose columns are, in
// order: id, feed_id, at, status, bytes, latency, items, new_items,
// updated_items, not_modified, error, pushed.
func ScanObservation(s Row) (*vigil.Observation, error) {
	var o vigil.Observation
	var at sql.NullInt64
	var latency int64
	err := s.Scan(&o.ID, &o.FeedID, &at, &o.Status, &o.Bytes, &latency,
		&o.Items, &o.NewItems, &o.Updated, &o.NotModified, &o.Error, &o.Pushed)
	o.At, o.Latency = FromNanos(at), time.Duration(latency)
	return &o, err
}
