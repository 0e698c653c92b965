package store

import (
	"database/sql"
	"time"
)

// ReadNewestItems reads rows of (feed_id, the newest item's sort_at) into
// each feed's newest item time, leaving out feeds without items; it does
// not close rows.
func ReadNewestItems(rows Rows) (map[int64]time.Time, error) {
	newest := make(map[int64]time.Time)
	for rows.Next() {
		var feedID int64
		var at sql.NullInt64
		if err := rows.Scan(&feedID, &at); err != nil {
			return nil, err
		}
		if at.Valid {
			newest[feedID] = FromNanos(at)
		}
	}
	return newest, rows.Err()
}
