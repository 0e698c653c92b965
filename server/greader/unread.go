package greader

import (
	"net/http"
	"strconv"

	"vigil"
)

// unreadJSON is one stream's unread count.
type unreadJSON struct {
	ID                      string `json:"id"`
	Count                   int    `json:"count"`
	NewestItemTimestampUsec string `json:"newestItemTimestampUsec"`
}

// unreadCount answers the unread count of every feed, every folder and the
// reading list, with the time of each one's newest item.
func (h *Handler) unreadCount(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	subs, err := h.st.Subscriptions(r.Context(), u.ID)
	if err != nil {
		return err
	}
	var counts []unreadJSON
	labels := map[string]*unreadJSON{}
	total := unreadJSON{ID: stateReadingList, NewestItemTimestampUsec: "0"}
	for _, s := range subs {
		newest, err := h.newest(r, u, s.Feed.ID)
		if err != nil {
			return err
		}
		counts = append(counts, unreadJSON{ID: feedStreamID(s.Feed), Count: s.Unread, NewestItemTimestampUsec: usec(newest)})
		add(&total, s.Unread, newest)
		if s.Folder != "" {
			l := labels[s.Folder]
			if l == nil {
				l = &unreadJSON{ID: labelStreamID(s.Folder), NewestItemTimestampUsec: "0"}
				labels[s.Folder] = l
			}
			add(l, s.Unread, newest)
		}
	}
	for _, l := range labels {
		counts = append(counts, *l)
	}
	counts = append(counts, total)
	writeJSON(w, map[string]any{"max": total.Count, "unreadcounts": counts})
	return nil
}

// add counts a feed's unread items into a label or the reading list.
func add(c *unreadJSON, unread int, newest int64) {
	c.Count += unread
	if old, _ := strconv.ParseInt(c.NewestItemTimestampUsec, 10, 64); newest > old {
		c.NewestItemTimestampUsec = usec(newest)
	}
}

// newest returns the sort time of a feed's newest item in microseconds, 0
// when it has none.
func (h *Handler) newest(r *http.Request, u *vigil.User, feedID int64) (int64, error) {
	entries, err := h.st.StreamEntries(r.Context(), vigil.StreamQuery{UserID: u.ID, FeedID: feedID, Limit: 1})
	if err != nil || len(entries) == 0 {
		return 0, err
	}
	return entries[0].At.UnixMicro(), nil
}

// usec formats microseconds as the API's decimal strings.
func usec(us int64) string { return strconv.FormatInt(us, 10) }
