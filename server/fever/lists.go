package fever

import (
	"cmp"
	"hash/fnv"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"vigil"
)

// groupID is a folder's group ID: FNV-1a of its path in 31 bits, never 0
// (Fever's "all items").
func groupID(folder string) int64 {
	f := fnv.New32a()
	f.Write([]byte(folder))
	id := int64(f.Sum32() & 0x7fffffff)
	if id == 0 {
		id = 1
	}
	return id
}

// groupJSON is one group.
type groupJSON struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

// feedsGroupJSON lists the feeds of a group.
type feedsGroupJSON struct {
	GroupID int64  `json:"group_id"`
	FeedIDs string `json:"feed_ids"`
}

// groups answers the user's folders as groups, with feeds_groups.
func (h *Handler) groups(_ *http.Request, _ *vigil.User, subs []vigil.Subscription, out map[string]any) error {
	groups := []groupJSON{}
	for _, folder := range folders(subs) {
		groups = append(groups, groupJSON{ID: groupID(folder), Title: folder})
	}
	out["groups"] = groups
	out["feeds_groups"] = feedsGroups(subs)
	return nil
}

// folders lists the folders of subs, sorted, each once.
func folders(subs []vigil.Subscription) []string {
	var names []string
	for _, s := range subs {
		if s.Folder != "" {
			names = append(names, s.Folder)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// feedsGroups lists each group's feeds as comma-separated IDs.
func feedsGroups(subs []vigil.Subscription) []feedsGroupJSON {
	list := []feedsGroupJSON{}
	for _, folder := range folders(subs) {
		var ids []string
		for _, s := range subs {
			if s.Folder == folder {
				ids = append(ids, strconv.FormatInt(s.Feed.ID, 10))
			}
		}
		list = append(list, feedsGroupJSON{GroupID: groupID(folder), FeedIDs: strings.Join(ids, ",")})
	}
	return list
}

// feedJSON is one feed.
type feedJSON struct {
	ID                int64  `json:"id"`
	FaviconID         int64  `json:"favicon_id"`
	Title             string `json:"title"`
	URL               string `json:"url"`
	SiteURL           string `json:"site_url"`
	IsSpark           int    `json:"is_spark"`
	LastUpdatedOnTime int64  `json:"last_updated_on_time"`
}

// feeds answers the user's feeds, with feeds_groups.
func (h *Handler) feeds(_ *http.Request, _ *vigil.User, subs []vigil.Subscription, out map[string]any) error {
	feeds := make([]feedJSON, len(subs))
	for i, s := range subs {
		feeds[i] = feedJSON{
			ID: s.Feed.ID, Title: cmp.Or(s.Title, s.Feed.Title, s.Feed.URL), URL: s.Feed.URL, SiteURL: s.Feed.SiteURL,
		}
		if !s.Feed.LastSuccess.IsZero() {
			feeds[i].LastUpdatedOnTime = s.Feed.LastSuccess.Unix()
		}
	}
	out["feeds"] = feeds
	out["feeds_groups"] = feedsGroups(subs)
	return nil
}

// favicons answers no icons: vigil does not fetch sites' icons, and every
// feed's favicon_id is 0, which clients take as none.
func (h *Handler) favicons(_ *http.Request, _ *vigil.User, _ []vigil.Subscription, out map[string]any) error {
	out["favicons"] = []any{}
	return nil
}

// links answers no hot links: Fever's ranking of links by how many feeds
// share them is not something vigil computes.
func (h *Handler) links(_ *http.Request, _ *vigil.User, _ []vigil.Subscription, out map[string]any) error {
	out["links"] = []any{}
	return nil
}
