package sqlflow

import (
	"context"
	"time"

	"vigil/store"
)

// FetchHours counts the observations of the hours before now per feed and
// hour, in one pass over the observations_at index.
func (s *Store) FetchHours(ctx context.Context, now time.Time, hours int) ([]store.FetchHour, error) {
	if hours <= 0 {
		return nil, nil
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.FetchHours, store.Instant(now), int64(hours)*int64(time.Hour))
	return list(&s.d, rows, err, "count fetches per hour", store.ScanFetchHour)
}
