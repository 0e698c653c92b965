package sqlflow

import (
	"database/sql"
	"time"

	"vigil"
	"vigil/store"
)

// ChangedItem is an item of a fetch that is new or differs from what is
// stored, as a store's look-up of a fetch's items finds it.
type ChangedItem struct {
	Index int           // position in the fetch's unique items
	ID    sql.NullInt64 // the stored item, if any
	Seen  sql.NullInt64 // when the stored item was first seen
	NewID sql.NullInt64 // the ID taken for a new item before its insert, if the store takes one
}

// Place gives it, the fetch's item at Index, what is stored of it and
// reports whether it is new: an edited item keeps its stored ID and first
// sighting; a new one is first seen at now, under NewID (0 where its
// insert numbers it).
func (c ChangedItem) Place(it *vigil.Item, now time.Time) (isNew bool) {
	if c.ID.Valid {
		it.ID, it.Seen = c.ID.Int64, store.FromNanos(c.Seen)
		return false
	}
	it.ID, it.Seen = c.NewID.Int64, now
	return true
}
