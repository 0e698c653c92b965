package fever

import (
	"net/http"
	"strconv"
	"strings"

	"vigil"
)

// pageSize is how many items one items request answers, as in Fever.
const pageSize = 50

// maxIDs bounds the unread and saved ID lists.
const maxIDs = 10000

// itemJSON is one item.
type itemJSON struct {
	ID            int64  `json:"id"`
	FeedID        int64  `json:"feed_id"`
	Title         string `json:"title"`
	Author        string `json:"author"`
	HTML          string `json:"html"`
	URL           string `json:"url"`
	IsSaved       int    `json:"is_saved"`
	IsRead        int    `json:"is_read"`
	CreatedOnTime int64  `json:"created_on_time"`
}

// items answers up to 50 items: with_ids (comma-separated, up to 50)
// names them; since_id lists those above it, oldest first; max_id those
// below it, newest first; without either, the newest. total_items counts
// all the user's items.
func (h *Handler) items(r *http.Request, u *vigil.User, subs []vigil.Subscription, out map[string]any) error {
	ids, err := h.itemIDs(r, u)
	if err != nil {
		return err
	}
	items, err := h.st.ItemsByID(r.Context(), u.ID, ids)
	if err != nil {
		return err
	}
	list := make([]itemJSON, len(items))
	for i, it := range items {
		list[i] = h.itemJSON(it)
	}
	total := 0
	for _, s := range subs {
		total += s.Feed.ItemCount
	}
	out["items"] = list
	out["total_items"] = total
	return nil
}

// itemIDs chooses the items an items request asks for.
func (h *Handler) itemIDs(r *http.Request, u *vigil.User) ([]int64, error) {
	if r.Form.Has("with_ids") {
		ids, err := parseIDs("with_ids", r.Form.Get("with_ids"))
		if err == nil && len(ids) > pageSize {
			err = vigil.Errorf(vigil.EINVALID, "with_ids names %d items; at most %d at once", len(ids), pageSize)
		}
		return ids, err
	}
	q := vigil.StreamQuery{UserID: u.ID, ByID: true, Limit: pageSize}
	switch {
	case r.Form.Has("since_id"):
		id, err := parseID("since_id", r.Form.Get("since_id"))
		if err != nil {
			return nil, err
		}
		q.OldestFirst, q.After = true, &vigil.StreamCursor{ID: id}
	case r.Form.Has("max_id"):
		id, err := parseID("max_id", r.Form.Get("max_id"))
		if err != nil {
			return nil, err
		}
		if id > 0 {
			q.After = &vigil.StreamCursor{ID: id}
		}
	}
	entries, err := h.st.StreamEntries(r.Context(), q)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	return ids, nil
}

// itemJSON turns a stored item into the API's form.
func (h *Handler) itemJSON(it vigil.Item) itemJSON {
	body := it.Content
	if body == "" {
		body = it.Summary
	}
	created := it.Published
	if created.IsZero() || created.After(it.Seen) {
		created = it.Seen
	}
	return itemJSON{
		ID: it.ID, FeedID: it.FeedID, Title: it.Title, Author: it.Author, HTML: h.cfg.Sanitize(body), URL: it.URL,
		IsSaved: flag(it.Starred), IsRead: flag(it.Read), CreatedOnTime: created.Unix(),
	}
}

// flag is Fever's 0 or 1.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unreadIDs answers the IDs of the user's unread items, comma-separated.
func (h *Handler) unreadIDs(r *http.Request, u *vigil.User, _ []vigil.Subscription, out map[string]any) error {
	ids, err := h.idList(r, vigil.StreamQuery{UserID: u.ID, ExcludeRead: true})
	out["unread_item_ids"] = ids
	return err
}

// savedIDs answers the IDs of the user's starred items, comma-separated.
func (h *Handler) savedIDs(r *http.Request, u *vigil.User, _ []vigil.Subscription, out map[string]any) error {
	ids, err := h.idList(r, vigil.StreamQuery{UserID: u.ID, StarredOnly: true})
	out["saved_item_ids"] = ids
	return err
}

// idList lists the IDs q selects, up to maxIDs, as Fever's string.
func (h *Handler) idList(r *http.Request, q vigil.StreamQuery) (string, error) {
	q.ByID, q.Limit = true, maxIDs
	entries, err := h.st.StreamEntries(r.Context(), q)
	if err != nil {
		return "", err
	}
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = strconv.FormatInt(e.ID, 10)
	}
	return strings.Join(ids, ","), nil
}

// parseID reads a non-negative item ID parameter.
func parseID(name, v string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || id < 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "%s must be an item ID, not %q", name, v)
	}
	return id, nil
}

// parseIDs reads comma-separated item IDs.
func parseIDs(name, v string) ([]int64, error) {
	var ids []int64
	for _, s := range strings.Split(v, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		id, err := parseID(name, s)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}
