package store

import (
	"database/sql"

	"vigil"
)

// ScanItem reads one item from r, whose columns are, in order (each
// store's itemColumns): id, feed_id, key, hash, url, title, author, the
// stored summary and content, published, updated, seen, the feed's title,
// and the reader's read and starred flags.
func ScanItem(s Row) (*vigil.Item, error) {
	var it vigil.Item
	var published, updated, seen sql.NullInt64
	var summary, content []byte
	err := s.Scan(&it.ID, &it.FeedID, &it.Key, &it.Hash, &it.URL, &it.Title, &it.Author,
		&summary, &content, &published, &updated, &seen, &it.FeedTitle, &it.Read, &it.Starred)
	if err != nil {
		return nil, err
	}
	if err := DecodeBody(&it, summary, content); err != nil {
		return nil, err
	}
	it.Published, it.Updated, it.Seen = FromNanos(published), FromNanos(updated), FromNanos(seen)
	return &it, nil
}

// ScanListedItem reads one row of an item listing: the columns of ScanItem
// and then the item's sort time, which orders the listing (a compound
// query can only order by the columns it selects) and is not kept.
func ScanListedItem(r Row) (*vigil.Item, error) {
	return ScanItem(sortTimeRow{r})
}

// sortTimeRow is a row whose last column, the sort time, its scanner
// does not read.
type sortTimeRow struct{ Row }

// Scan reads the row into dest and the sort time into nothing.
func (r sortTimeRow) Scan(dest ...any) error {
	var sortAt sql.NullInt64
	return r.Row.Scan(append(dest, &sortAt)...)
}
