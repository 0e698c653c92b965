package fever

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"vigil"
)

// mark applies mark=item (as=read, unread, saved, unsaved) or mark=feed or
// mark=group (as=read, with before: Unix seconds, the time of the client's
// last items request, which bounds when vigil first saw the items marked)
// to the item, feed or group id. Group 0 is every feed.
func (h *Handler) mark(ctx context.Context, u *vigil.User, form url.Values) error {
	id, err := parseID("id", form.Get("id"))
	if err != nil {
		return err
	}
	as := form.Get("as")
	switch form.Get("mark") {
	case "item":
		return h.markItem(ctx, u, id, as)
	case "feed", "group":
		if as != "read" {
			return vigil.Errorf(vigil.EINVALID, "a feed or group can only be marked as read, not %q", as)
		}
		q := vigil.StreamQuery{UserID: u.ID}
		if err := h.scope(ctx, u, form.Get("mark"), id, &q); err != nil {
			return err
		}
		before, err := parseBefore(form.Get("before"))
		if err != nil {
			return err
		}
		_, err = h.st.MarkStreamRead(ctx, q, before)
		return err
	}
	return vigil.Errorf(vigil.EINVALID, "mark must be item, feed or group, not %q", form.Get("mark"))
}

// markItem sets one item's read or saved state.
func (h *Handler) markItem(ctx context.Context, u *vigil.User, id int64, as string) error {
	ids := []int64{id}
	switch as {
	case "read", "unread":
		return h.st.MarkRead(ctx, u.ID, ids, as == "read")
	case "saved", "unsaved":
		return h.st.StarItems(ctx, u.ID, ids, as == "saved")
	}
	return vigil.Errorf(vigil.EINVALID, "as must be read, unread, saved or unsaved, not %q", as)
}

// scope narrows q to the feed or group id, which must be the user's.
func (h *Handler) scope(ctx context.Context, u *vigil.User, kind string, id int64, q *vigil.StreamQuery) error {
	if kind == "feed" {
		if _, err := h.st.Subscription(ctx, u.ID, id); err != nil {
			return err
		}
		q.FeedID = id
		return nil
	}
	if id == 0 {
		return nil
	}
	subs, err := h.st.Subscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, f := range folders(subs) {
		if groupID(f) == id {
			q.Folder = f
			return nil
		}
	}
	return vigil.Errorf(vigil.ENOTFOUND, "group %d not found", id)
}

// parseBefore reads before, in Unix seconds; "" or 0 is no bound.
func parseBefore(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 {
		return time.Time{}, vigil.Errorf(vigil.EINVALID, "before must be a time in Unix seconds, not %q", v)
	}
	if secs == 0 {
		return time.Time{}, nil
	}
	// The end of that second: vigil's times have nanoseconds, and an item
	// first seen within the second a client names was seen by then.
	return time.Unix(secs, 0).Add(time.Second - 1).UTC(), nil
}
