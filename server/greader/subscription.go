package greader

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"vigil"
	"vigil/discover"
)

// subscriptionJSON is one entry of subscription/list.
type subscriptionJSON struct {
	ID         string      `json:"id"`
	Title      string      `json:"title"`
	Categories []labelJSON `json:"categories"`
	URL        string      `json:"url"`
	HTMLURL    string      `json:"htmlUrl"`
	IconURL    string      `json:"iconUrl"`
	SortID     string      `json:"sortid"`
}

// labelJSON is a folder as a label.
type labelJSON struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Type  string `json:"type,omitempty"`
}

// title is what the user calls a subscription: their own title, else the
// feed's, else its URL.
func title(s vigil.Subscription) string {
	return cmp.Or(s.Title, s.Feed.Title, s.Feed.URL)
}

// subscriptionList lists the user's feeds with their folders as labels.
func (h *Handler) subscriptionList(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	subs, err := h.st.Subscriptions(r.Context(), u.ID)
	if err != nil {
		return err
	}
	list := make([]subscriptionJSON, len(subs))
	for i, s := range subs {
		list[i] = subscriptionJSON{
			ID: feedStreamID(s.Feed), Title: title(s), Categories: []labelJSON{},
			URL: s.Feed.URL, HTMLURL: s.Feed.SiteURL, SortID: hex8(s.Feed.ID),
		}
		if s.Folder != "" {
			list[i].Categories = append(list[i].Categories, labelJSON{ID: labelStreamID(s.Folder), Label: s.Folder})
		}
	}
	writeJSON(w, map[string]any{"subscriptions": list})
	return nil
}

// hex8 is a feed's sortid: 8 hex digits.
func hex8(id int64) string {
	const digits = "0123456789ABCDEF"
	b := make([]byte, 8)
	for i := 7; i >= 0; i-- {
		b[i] = digits[id&15]
		id >>= 4
	}
	return string(b)
}

// tagList lists the starred state and the user's folders as labels.
func (h *Handler) tagList(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	folders, err := h.folders(r.Context(), u)
	if err != nil {
		return err
	}
	tags := []labelJSON{{ID: stateStarred, Label: "starred"}}
	for _, f := range folders {
		tags = append(tags, labelJSON{ID: labelStreamID(f), Label: f, Type: "folder"})
	}
	writeJSON(w, map[string]any{"tags": tags})
	return nil
}

// folders lists the user's folders, sorted.
func (h *Handler) folders(ctx context.Context, u *vigil.User) ([]string, error) {
	subs, err := h.st.Subscriptions(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	var folders []string
	for _, s := range subs {
		if s.Folder != "" {
			folders = append(folders, s.Folder)
		}
	}
	slices.Sort(folders)
	return slices.Compact(folders), nil
}

// subscriptionEdit subscribes (ac=subscribe), unsubscribes (unsubscribe)
// or edits (edit) the feeds named by s: t sets the title, a=user/-/label/X
// moves them into folder X and r=user/-/label/X out of it.
func (h *Handler) subscriptionEdit(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	streams := r.Form["s"]
	if len(streams) == 0 {
		return vigil.Errorf(vigil.EINVALID, "s (feed/URL) is required")
	}
	edit, err := parseEdit(r, u)
	if err != nil {
		return err
	}
	for _, s := range streams {
		if err := h.editOne(r.Context(), u, s, edit); err != nil {
			return err
		}
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// subscriptionChange is what one subscription/edit asks.
type subscriptionChange struct {
	action      string
	title       *string
	addFolder   *string
	dropFolders []string
}

// parseEdit reads and checks ac, t, a and r before anything changes.
func parseEdit(r *http.Request, u *vigil.User) (subscriptionChange, error) {
	e := subscriptionChange{action: r.Form.Get("ac")}
	switch e.action {
	case "subscribe", "unsubscribe", "edit":
	default:
		return e, vigil.Errorf(vigil.EINVALID, "ac must be subscribe, unsubscribe or edit, not %q", e.action)
	}
	if r.Form.Has("t") {
		t := r.Form.Get("t")
		e.title = &t
	}
	for _, a := range r.Form["a"] {
		f, err := labelFolder(a, u)
		if err != nil {
			return e, err
		}
		e.addFolder = &f
	}
	for _, rm := range r.Form["r"] {
		f, err := labelFolder(rm, u)
		if err != nil {
			return e, err
		}
		e.dropFolders = append(e.dropFolders, f)
	}
	return e, nil
}

// labelFolder reads a user/-/label/NAME parameter as a folder path.
func labelFolder(label string, u *vigil.User) (string, error) {
	name, ok := strings.CutPrefix(canonicalStream(label, u), labelPrefix)
	if !ok {
		return "", vigil.Errorf(vigil.EINVALID, "%q is not a label: use user/-/label/NAME", label)
	}
	folder, err := vigil.CleanFolder(name)
	if err == nil && folder == "" {
		err = vigil.Errorf(vigil.EINVALID, "label %q has no name", label)
	}
	return folder, err
}

// editOne applies a subscription/edit to one stream.
func (h *Handler) editOne(ctx context.Context, u *vigil.User, stream string, e subscriptionChange) error {
	if !strings.HasPrefix(stream, feedPrefix) {
		return vigil.Errorf(vigil.EINVALID, "s=%q is not a feed: use feed/URL", stream)
	}
	if e.action == "subscribe" {
		sub, err := h.subscribe(ctx, u, strings.TrimPrefix(stream, feedPrefix))
		if err != nil {
			return err
		}
		return h.change(ctx, u, sub, e)
	}
	sub, err := h.subscriptionFor(ctx, u, stream)
	if err != nil {
		return err
	}
	if e.action == "unsubscribe" {
		return h.st.Unsubscribe(ctx, u.ID, sub.Feed.ID)
	}
	return h.change(ctx, u, sub, e)
}

// subscribe makes the user follow a URL, normalised as everywhere in vigil.
func (h *Handler) subscribe(ctx context.Context, u *vigil.User, raw string) (*vigil.Subscription, error) {
	url, err := vigil.NormalizeFeedURL(raw)
	if err != nil {
		return nil, err
	}
	weight := 1.0
	if old, err := h.subscriptionFor(ctx, u, feedPrefix+url); err == nil {
		weight = old.Weight // following again keeps the user's weight
	}
	sub, err := h.st.Subscribe(ctx, u.ID, url, weight, h.cfg.Now())
	if err != nil {
		return nil, err
	}
	if h.cfg.OnSubscribe != nil {
		h.cfg.OnSubscribe(sub.Feed.ID)
	}
	return sub, nil
}

// change sets the title and folder a subscription/edit asks for.
func (h *Handler) change(ctx context.Context, u *vigil.User, sub *vigil.Subscription, e subscriptionChange) error {
	if e.title != nil {
		if err := h.st.RenameSubscription(ctx, u.ID, sub.Feed.ID, *e.title); err != nil {
			return err
		}
	}
	folder := sub.Folder
	if slices.Contains(e.dropFolders, folder) {
		folder = ""
	}
	if e.addFolder != nil {
		folder = *e.addFolder
	}
	if folder == sub.Folder {
		return nil
	}
	return h.st.SetFolder(ctx, u.ID, sub.Feed.ID, folder)
}

// quickAdd subscribes to quickurl.
func (h *Handler) quickAdd(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	raw := strings.TrimPrefix(r.Form.Get("quickurl"), feedPrefix)
	if raw == "" {
		return vigil.Errorf(vigil.EINVALID, "quickurl is required")
	}
	raw, err := h.feedOf(r.Context(), u, raw)
	var choice *discover.Choice
	if errors.As(err, &choice) {
		writeJSON(w, map[string]any{"query": raw, "numResults": 0, "error": choice.Error()})
		return nil
	}
	if err != nil {
		return err
	}
	sub, err := h.subscribe(r.Context(), u, raw)
	if err != nil {
		return err
	}
	writeJSON(w, map[string]any{
		"query": raw, "numResults": 1, "streamId": feedStreamID(sub.Feed), "streamName": title(*sub),
	})
	return nil
}

// feedOf is the feed a quickadd of raw follows: raw itself, unless it is
// a web page (not followed yet) advertising one feed, which is followed
// instead; a web page advertising several feeds or none is a
// *discover.Choice error, and nothing is followed.
func (h *Handler) feedOf(ctx context.Context, u *vigil.User, raw string) (string, error) {
	url, err := vigil.NormalizeFeedURL(raw)
	if err != nil || h.cfg.Finder == nil {
		return raw, nil // subscribe refuses a bad URL in its own words
	}
	if _, err := h.subscriptionFor(ctx, u, feedPrefix+url); err == nil {
		return raw, nil
	}
	target, err := h.cfg.Finder.Resolve(ctx, url)
	if err != nil {
		return raw, err
	}
	return target.URL, nil
}
