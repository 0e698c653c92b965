package vigil

import (
	"strconv"
	"strings"
	"time"
)

// ItemCursor is a place in an item listing: the listing time and ID of
// the last item of a page. A listing continued from it (ItemQuery.Before)
// starts with the next older item, however many items arrived meanwhile,
// and costs the same on the thousandth page as on the first.
type ItemCursor struct {
	At time.Time // the item's ListedAt
	ID int64
}

// IsZero reports whether c is no place at all: a listing from the newest.
func (c ItemCursor) IsZero() bool { return c.ID == 0 }

// String encodes c for a URL or a JSON answer, as "UNIXNANOS.ID"; clients
// should treat it as opaque.
func (c ItemCursor) String() string {
	return strconv.FormatInt(c.At.UnixNano(), 10) + "." + strconv.FormatInt(c.ID, 10)
}

// ParseItemCursor reads a cursor String wrote. Errors are EINVALID.
func ParseItemCursor(s string) (ItemCursor, error) {
	at, id, ok := strings.Cut(s, ".")
	nanos, errAt := strconv.ParseInt(at, 10, 64)
	n, errID := strconv.ParseInt(id, 10, 64)
	if !ok || errAt != nil || errID != nil || n <= 0 {
		return ItemCursor{}, Errorf(EINVALID, "cursor %q is not a cursor from a previous page", s)
	}
	return ItemCursor{At: time.Unix(0, nanos).UTC(), ID: n}, nil
}

// ListedAt is an item's place in listings, newest first: its publication
// time, unless that is missing or later than when vigil first saw it (a
// feed that dates its items in the future does not keep them on top).
func (it Item) ListedAt() time.Time {
	if it.Published.IsZero() || it.Published.After(it.Seen) {
		return it.Seen
	}
	return it.Published
}

// Cursor returns the place of the item in listings.
func (it Item) Cursor() ItemCursor {
	return ItemCursor{At: it.ListedAt(), ID: it.ID}
}
