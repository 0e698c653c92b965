package store

import (
	"encoding/json"
	"fmt"

	"vigil"
)

// Rows is what both stores' query results offer (database/sql's and pgx's
// rows alike): enough to read them one at a time.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ReadFeedRefs reads rows of (id, url, hints JSON) into FeedRefs, the
// hints decoded for their NotBefore only: FetchList's rows in every store.
// An error is returned as it is, for the store to wrap.
func ReadFeedRefs(rows Rows) ([]FeedRef, error) {
	var refs []FeedRef
	for rows.Next() {
		var r FeedRef
		var hints string
		if err := rows.Scan(&r.ID, &r.URL, &hints); err != nil {
			return nil, err
		}
		var h vigil.Hints
		if err := json.Unmarshal([]byte(hints), &h); err != nil {
			return nil, fmt.Errorf("decode hints of feed %d: %w", r.ID, err)
		}
		if !h.NotBefore.IsZero() {
			r.NotBefore = h.NotBefore.UTC()
		}
		refs = append(refs, r)
	}
	return refs, rows.Err()
}
