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
	newestAt, err := h.st.NewestItems(r.Context(), u.ID)
	if err != nil {
		return err
	}
	var counts []unreadJSON
	labels := map[string]*unreadJSON{}
	total := unreadJSON{ID: stateReadingList, NewestItemTimestampUsec: "0"}
	for _, s := range subs {
		var newest int64
		if at, ok := newestAt[s.Feed.ID]; ok {
			newest = at.UnixMicro()
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

// usec formats microseconds as the API's decimal strings.
func usec(us int64) string { return strconv.FormatInt(us, 10) }
