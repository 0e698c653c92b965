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
