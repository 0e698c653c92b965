package reading

import (
	"net/http"
	"net/url"
	"strconv"

	"vigil"
)

// Page sizes for listings.
const (
	DefaultItemLimit        = 50
	MaxItemLimit            = 500
	DefaultObservationLimit = 50
	MaxObservationLimit     = 1000
	maxOffset               = 1_000_000_000
)

// PathID parses the {id} wildcard of the request path as a positive integer.
func PathID(r *http.Request, what string) (int64, error) {
	raw := r.PathValue("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "invalid %s id %q", what, raw)
	}
	return id, nil
}

// QueryInt parses query parameter name as an integer within [min, max],
// returning def when it is absent.
func QueryInt(q url.Values, name string, def, min, max int) (int, error) {
	raw := q.Get(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < min || n > max {
		return 0, badRange(name, raw, min, max)
	}
	return n, nil
}

// badRange reports an integer parameter outside [min, max].
func badRange(name, raw string, min, max int) error {
	if max == maxInt {
		return vigil.Errorf(vigil.EINVALID, "parameter %s must be an integer of at least %d, not %q", name, min, raw)
	}
	return vigil.Errorf(vigil.EINVALID, "parameter %s must be an integer from %d to %d, not %q", name, min, max, raw)
}

// queryBool parses query parameter name as a boolean (1, t, true, 0, f,
// false), returning false when it is absent.
func queryBool(q url.Values, name string) (bool, error) {
	raw := q.Get(name)
	if raw == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(raw)
	if err != nil {
		return false, vigil.Errorf(vigil.EINVALID, "parameter %s must be true or false, not %q", name, raw)
	}
	return b, nil
}

// ItemQuery reads the feed, unread, starred, limit and offset parameters
// of an item listing for a user.
func ItemQuery(q url.Values, userID int64) (vigil.ItemQuery, error) {
	feed, err := QueryInt(q, "feed", 0, 1, maxInt)
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	unread, err := queryBool(q, "unread")
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	starred, err := queryBool(q, "starred")
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	limit, err := QueryInt(q, "limit", DefaultItemLimit, 1, MaxItemLimit)
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	offset, err := QueryInt(q, "offset", 0, 0, maxOffset)
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	before, err := queryCursor(q, "before")
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	after, err := queryCursor(q, "after")
	if err != nil {
		return vigil.ItemQuery{}, err
	}
	if !before.IsZero() && !after.IsZero() {
		return vigil.ItemQuery{}, vigil.Errorf(vigil.EINVALID, "give before or after, not both")
	}
	return vigil.ItemQuery{UserID: userID, FeedID: int64(feed), UnreadOnly: unread, StarredOnly: starred, Limit: limit, Offset: offset,
		Before: before, After: after}, nil
}

// maxInt is the largest int, the upper bound of open-ended parameters.
const maxInt = int(^uint(0) >> 1)

// queryCursor reads an item cursor parameter; absent or empty is the zero
// cursor, the newest items.
func queryCursor(q url.Values, name string) (vigil.ItemCursor, error) {
	v := q.Get(name)
	if v == "" {
		return vigil.ItemCursor{}, nil
	}
	c, err := vigil.ParseItemCursor(v)
	if err != nil {
		return vigil.ItemCursor{}, vigil.Errorf(vigil.EINVALID, "invalid %s: %s", name, vigil.ErrorMessage(err))
	}
	return c, nil
}
