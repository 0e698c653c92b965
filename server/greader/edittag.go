package greader

import (
	"net/http"
	"strconv"
	"time"

	"vigil"
)

// tagEdit is what one edit-tag asks of the items: nil leaves a state as
// it is.
type tagEdit struct {
	read, starred *bool
}

// set records that a tag is added (on) or removed.
func (e *tagEdit) set(tag string, on bool, u *vigil.User) error {
	switch canonicalStream(tag, u) {
	case stateRead:
		e.read = &on
	case stateKeptUnread:
		// Keeping unread is not being read: adding it marks unread, as
		// removing read does; removing it changes nothing.
		if on {
			off := false
			e.read = &off
		}
	case stateStarred:
		e.starred = &on
	case "user/-/state/com.google/tracking-kept-unread", "user/-/state/com.google/fresh":
		// Google's bookkeeping of the two above; nothing of its own to keep.
	default:
		return vigil.Errorf(vigil.EINVALID, "tag %q is not supported: vigil keeps %s and %s on items", tag, stateRead, stateStarred)
	}
	return nil
}

// editTag adds (a) and removes (r) the read and starred states of the
// items named by i, all or none.
func (h *Handler) editTag(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	ids, err := parseItemIDs(r.Form["i"])
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return vigil.Errorf(vigil.EINVALID, "i (item IDs) is required")
	}
	var e tagEdit
	for _, tag := range r.Form["a"] {
		if err := e.set(tag, true, u); err != nil {
			return err
		}
	}
	for _, tag := range r.Form["r"] {
		if err := e.set(tag, false, u); err != nil {
			return err
		}
	}
	if e.read != nil {
		if err := h.st.MarkRead(r.Context(), u.ID, ids, *e.read); err != nil {
			return err
		}
	}
	if e.starred != nil {
		if err := h.st.StarItems(r.Context(), u.ID, ids, *e.starred); err != nil {
			return err
		}
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// markAllRead marks read the items of stream s whose timestampUsec is at
// or before ts (microseconds since 1970, as Google Reader sends it; a value
// below 1e12 is taken as seconds, which some clients send; either to the
// end of its unit), or all of them without ts.
func (h *Handler) markAllRead(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	s := r.Form.Get("s")
	if s == "" {
		// Unlike the listings, no stream is not the reading list here: a
		// client that lost its parameter must not mark everything read.
		return vigil.Errorf(vigil.EINVALID, "s (the stream to mark read) is required")
	}
	q := vigil.StreamQuery{UserID: u.ID}
	if err := h.applyStream(r.Context(), u, s, &q); err != nil {
		return err
	}
	until, err := parseTS(r.Form.Get("ts"))
	if err != nil {
		return err
	}
	// ts is on the clock of the timestampUsec this API serves, the items'
	// sort time (publication, else first seen), so it bounds that, not
	// when vigil first saw them as Fever's before does: a client that
	// sends its newest item's timestampUsec marks that item and the older.
	if !until.IsZero() && (q.Until.IsZero() || until.Before(q.Until)) {
		q.Until = until
	}
	if _, err := h.st.MarkStreamRead(r.Context(), q, time.Time{}); err != nil {
		return err
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// parseTS reads mark-all-as-read's ts; "" is the zero time (no bound).
func parseTS(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, vigil.Errorf(vigil.EINVALID, "ts must be a time in microseconds since 1970, not %q", v)
	}
	if n < 1e12 {
		return time.Unix(n, 0).Add(time.Second - 1).UTC(), nil
	}
	return time.UnixMicro(n).Add(time.Microsecond - 1).UTC(), nil
}
