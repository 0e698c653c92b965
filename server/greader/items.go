package greader

import (
	"cmp"
	"context"
	"net/http"
	"strconv"
	"time"

	"vigil"
)

// itemJSON is one item of stream/contents and stream/items/contents.
type itemJSON struct {
	ID            string     `json:"id"`
	CrawlTimeMsec string     `json:"crawlTimeMsec"`
	TimestampUsec string     `json:"timestampUsec"`
	Published     int64      `json:"published"`
	Updated       int64      `json:"updated"`
	Title         string     `json:"title"`
	Author        string     `json:"author,omitempty"`
	Canonical     []linkJSON `json:"canonical"`
	Alternate     []linkJSON `json:"alternate"`
	Categories    []string   `json:"categories"`
	Origin        originJSON `json:"origin"`
	Summary       textJSON   `json:"summary"`
}

// linkJSON is a link of an item.
type linkJSON struct {
	Href string `json:"href"`
	Type string `json:"type,omitempty"`
}

// originJSON names the feed of an item.
type originJSON struct {
	StreamID string `json:"streamId"`
	Title    string `json:"title"`
	HTMLURL  string `json:"htmlUrl"`
}

// textJSON holds HTML content.
type textJSON struct {
	Direction string `json:"direction"`
	Content   string `json:"content"`
}

// itemRefJSON is one entry of stream/items/ids.
type itemRefJSON struct {
	ID              string   `json:"id"`
	DirectStreamIDs []string `json:"directStreamIds"`
	TimestampUsec   string   `json:"timestampUsec"`
}

// itemIDs lists the IDs of a stream's items (s, default the reading list).
func (h *Handler) itemIDs(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	q, err := h.streamQuery(r.Context(), u, r.URL.Query().Get("s"), r.URL.Query())
	if err != nil {
		return err
	}
	entries, err := h.st.StreamEntries(r.Context(), q)
	if err != nil {
		return err
	}
	h.noteRead(r.Context(), q)
	refs := make([]itemRefJSON, len(entries))
	for i, e := range entries {
		refs[i] = itemRefJSON{ID: strconv.FormatInt(e.ID, 10), DirectStreamIDs: []string{}, TimestampUsec: usec(e.At.UnixMicro())}
	}
	out := map[string]any{"itemRefs": refs}
	if c := continuation(entries, q.Limit); c != "" {
		out["continuation"] = c
	}
	writeJSON(w, out)
	return nil
}

// itemContents returns the items named by i, by GET or POST.
func (h *Handler) itemContents(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		return vigil.Errorf(vigil.EINVALID, "use GET or POST")
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		return vigil.Errorf(vigil.EINVALID, "unreadable form: %v", err)
	}
	ids, err := parseItemIDs(r.Form["i"])
	if err != nil {
		return err
	}
	if len(ids) > maxN {
		return vigil.Errorf(vigil.EINVALID, "at most %d items at once, not %d", maxN, len(ids))
	}
	items, err := h.render(r.Context(), u, ids)
	if err != nil {
		return err
	}
	writeJSON(w, map[string]any{"id": stateReadingList, "updated": h.cfg.Now().Unix(), "items": items})
	return nil
}

// streamContents returns a page of a stream's items with their content;
// the stream is in the path, or in s for clients that send it there.
func (h *Handler) streamContents(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	stream := cmp.Or(r.PathValue("stream"), r.URL.Query().Get("s"), stateReadingList)
	q, err := h.streamQuery(r.Context(), u, stream, r.URL.Query())
	if err != nil {
		return err
	}
	entries, err := h.st.StreamEntries(r.Context(), q)
	if err != nil {
		return err
	}
	h.noteRead(r.Context(), q)
	items, err := h.render(r.Context(), u, entryIDs(entries))
	if err != nil {
		return err
	}
	out := map[string]any{"id": stream, "updated": h.cfg.Now().Unix(), "items": items}
	if c := continuation(entries, q.Limit); c != "" {
		out["continuation"] = c
	}
	writeJSON(w, out)
	return nil
}

// entryIDs lists the IDs of entries.
func entryIDs(entries []vigil.StreamEntry) []int64 {
	ids := make([]int64, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	return ids
}

// render reads the items with those IDs the user may see and turns them
// into the API's form.
func (h *Handler) render(ctx context.Context, u *vigil.User, ids []int64) ([]itemJSON, error) {
	items, err := h.st.ItemsByID(ctx, u.ID, ids)
	if err != nil {
		return nil, err
	}
	subs, err := h.subscriptionsOf(ctx, u, items)
	if err != nil {
		return nil, err
	}
	out := make([]itemJSON, len(items))
	for i, it := range items {
		out[i] = h.itemJSON(it, subs[it.FeedID])
	}
	return out, nil
}

// subscriptionsOf maps the feed IDs of items to the user's subscriptions,
// reading only those feeds' (a user may follow thousands).
func (h *Handler) subscriptionsOf(ctx context.Context, u *vigil.User, items []vigil.Item) (map[int64]vigil.Subscription, error) {
	feeds := make([]int64, len(items))
	for i, it := range items {
		feeds[i] = it.FeedID
	}
	subs, err := h.st.SubscriptionsOf(ctx, u.ID, feeds)
	if err != nil {
		return nil, err
	}
	m := make(map[int64]vigil.Subscription, len(subs))
	for _, s := range subs {
		m[s.Feed.ID] = s
	}
	return m, nil
}

// itemJSON turns a stored item into the API's form.
func (h *Handler) itemJSON(it vigil.Item, sub vigil.Subscription) itemJSON {
	at := sortTime(it)
	j := itemJSON{
		ID:            hexItemID(it.ID),
		CrawlTimeMsec: strconv.FormatInt(it.Seen.UnixMilli(), 10),
		TimestampUsec: usec(at.UnixMicro()),
		Published:     at.Unix(),
		Updated:       at.Unix(),
		Title:         it.Title,
		Author:        it.Author,
		Canonical:     []linkJSON{},
		Alternate:     []linkJSON{},
		Categories:    categories(it, sub),
		Origin:        originJSON{StreamID: feedStreamID(sub.Feed), Title: title(sub), HTMLURL: sub.Feed.SiteURL},
		Summary:       textJSON{Direction: "ltr", Content: h.cfg.Sanitize(body(it))},
	}
	if !it.Updated.IsZero() {
		j.Updated = it.Updated.Unix()
	}
	if it.URL != "" {
		j.Canonical = append(j.Canonical, linkJSON{Href: it.URL})
		j.Alternate = append(j.Alternate, linkJSON{Href: it.URL, Type: "text/html"})
	}
	return j
}

// sortTime is where an item stands in streams: its publication time
// unless missing or later than first seen (as the store orders them).
func sortTime(it vigil.Item) time.Time {
	if it.Published.IsZero() || it.Published.After(it.Seen) {
		return it.Seen
	}
	return it.Published
}

// body is an item's content, else its summary.
func body(it vigil.Item) string {
	if it.Content != "" {
		return it.Content
	}
	return it.Summary
}

// categories lists the states and the label of an item.
func categories(it vigil.Item, sub vigil.Subscription) []string {
	c := []string{stateReadingList}
	if it.Read {
		c = append(c, stateRead)
	}
	if it.Starred {
		c = append(c, stateStarred)
	}
	if sub.Folder != "" {
		c = append(c, labelStreamID(sub.Folder))
	}
	return c
}

// noteRead tells Config.OnRead that the user is reading the stream q
// lists: one feed's, a label's feeds (each a look at that feed), or all
// of theirs.
func (h *Handler) noteRead(ctx context.Context, q vigil.StreamQuery) {
	if h.cfg.OnRead == nil {
		return
	}
	if q.FeedID != 0 || q.Folder == "" {
		h.cfg.OnRead(ctx, q.UserID, q.FeedID)
		return
	}
	subs, err := h.st.Subscriptions(ctx, q.UserID)
	if err != nil {
		h.cfg.Logger.Error("recording a label's reading", "user", q.UserID, "error", err)
		return
	}
	for _, sub := range subs {
		if sub.Folder == q.Folder {
			h.cfg.OnRead(ctx, q.UserID, sub.Feed.ID)
		}
	}
}
