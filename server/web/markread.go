package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"vigil"
)

// markReadBatch is how many items "mark all as read" handles at a time.
const markReadBatch = 200

// MarkAllReadForm marks read the unread items of a listing, those of the
// feed named by the form's "feed" field or of all the visitor's feeds,
// that vigil had already seen at the form's "until" instant, so that items
// that arrived after the visitor looked stay unread.
func (s *Handlers) MarkAllReadForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	feedID, err := formFeedID(r)
	if err != nil {
		return err
	}
	until, err := formUntil(r)
	if err != nil {
		return err
	}
	if feedID != 0 {
		if _, err := s.st.Subscription(r.Context(), sess.User.ID, feedID); err != nil {
			return err
		}
	}
	q := vigil.ItemQuery{UserID: sess.User.ID, FeedID: feedID, UnreadOnly: true}
	n, err := s.markAllRead(r.Context(), q, until)
	if err != nil {
		return err
	}
	s.setFlash(w, markedWords(n))
	fallback := "/items"
	if feedID != 0 {
		fallback = fmt.Sprintf("/items?feed=%d", feedID)
	}
	redirectBack(w, r, fallback)
	return nil
}

// markAllRead marks read, a batch at a time, the unread items q selects
// that were first seen no later than until, and returns how many it marked.
// The store checks every item against q.UserID's subscriptions.
func (s *Handlers) markAllRead(ctx context.Context, q vigil.ItemQuery, until time.Time) (int, error) {
	q.UnreadOnly, q.Limit, q.Offset = true, markReadBatch, 0
	marked := 0
	for {
		batch, err := s.st.Items(ctx, q)
		if err != nil {
			return marked, err
		}
		ids := make([]int64, 0, len(batch))
		for _, it := range batch {
			if it.Seen.After(until) {
				q.Offset++ // stays unread, so later batches start after it
				continue
			}
			ids = append(ids, it.ID)
		}
		if err := s.st.MarkRead(ctx, q.UserID, ids, true); err != nil {
			return marked, err
		}
		marked += len(ids)
		if len(batch) < q.Limit {
			return marked, nil
		}
	}
}

// formFeedID reads the optional feed field of a form: 0 when empty.
func formFeedID(r *http.Request) (int64, error) {
	raw := strings.TrimSpace(r.PostFormValue("feed"))
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "invalid feed id %q", raw)
	}
	return id, nil
}

// formUntil reads the until field of a form: an instant in nanoseconds
// since 1970.
func formUntil(r *http.Request) (time.Time, error) {
	raw := r.PostFormValue("until")
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, vigil.Errorf(vigil.EINVALID, "until must be an instant in nanoseconds since 1970, not %q", raw)
	}
	return time.Unix(0, n), nil
}

// markedWords tells how many items were marked read.
func markedWords(n int) string {
	switch n {
	case 0:
		return "There were no unread items to mark as read."
	case 1:
		return "Marked 1 item as read."
	default:
		return fmt.Sprintf("Marked %d items as read.", n)
	}
}
