package web

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"vigil"
	"vigil/server/internal/reading"
)

// itemList is the data of the shared item listing.
type itemList struct {
	Items    []vigil.Item
	ShowFeed bool   // name each item's feed, in listings of several feeds
	CSRF     string // the visitor's CSRF token, for the star buttons
	Return   string // the page to come back to after starring an item
	Empty    string // what to say when there is no item; "" for "No items."
}

// itemsView is the data of the item listing page.
type itemsView struct {
	base
	Items        itemList
	Unread       bool
	Starred      bool
	Sub          *vigil.Subscription // set when the listing is of one feed
	UnreadToggle string              // link to the same listing with the unread filter switched
	Newer        string              // link to the previous page, "" on the first
	Older        string              // link to the next page, "" on the last
	Here         string              // this page's address, to come back to after a form
	Until        int64               // when the page was made, for "mark all as read"
}

// itemView is the data of an item's page.
type itemView struct {
	base
	Item       vigil.Item
	Body       template.HTML // sanitised content or summary
	FeedLabel  string
	Newer      *vigil.Item // the item just newer in the same feed, if known
	Older      *vigil.Item // the item just older in the same feed, if known
	KeptUnread bool        // the visitor has just marked it unread
	Here       string      // this page's address, to come back to after a form
}

// ItemsPage lists the items of the visitor's feeds, newest first, one page
// at a time, optionally only unread or starred ones, or those of one feed.
func (s *Handlers) ItemsPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	q, err := reading.ItemQuery(r.URL.Query(), sess.User.ID)
	if err != nil {
		return err
	}
	page, err := s.reading.ListItems(r.Context(), q)
	if err != nil {
		return err
	}
	view := s.newItemsView(r, sess, q, page)
	if err := s.describeFeeds(r, sess, q, &view); err != nil {
		return err
	}
	switch {
	case page.PrevCursor != nil:
		view.Newer = itemsLink(r.URL.Query(), 0, "", *page.PrevCursor)
	case !q.After.IsZero() && len(page.Items) < q.Limit:
		view.Newer = itemsLink(r.URL.Query(), 0, "", "") // a short page back: the full newest page
	case q.Offset > 0:
		view.Newer = itemsLink(r.URL.Query(), max(q.Offset-q.Limit, 0), "", "")
	}
	if page.NextCursor != nil {
		view.Older = itemsLink(r.URL.Query(), 0, *page.NextCursor, "")
	}
	s.render(w, r, http.StatusOK, "items.html", view)
	return nil
}

// labelFeeds names the feed of every item whose feed has no title after
// the host of the feed's URL.
func (s *Handlers) labelFeeds(ctx context.Context, userID int64, items []vigil.Item) error {
	var labels map[int64]string
	for i := range items {
		if items[i].FeedTitle != "" {
			continue
		}
		if labels == nil {
			subs, err := s.st.Subscriptions(ctx, userID)
			if err != nil {
				return err
			}
			labels = make(map[int64]string, len(subs))
			for _, sub := range subs {
				labels[sub.Feed.ID] = feedLabel(sub.Feed)
			}
		}
		items[i].FeedTitle = labels[items[i].FeedID]
	}
	return nil
}

// newItemsView prepares the page listing page, the items q selects; the
// caller adds the feed and the links to newer and older pages.
func (s *Handlers) newItemsView(r *http.Request, sess *session, q vigil.ItemQuery, page reading.ItemPage) itemsView {
	here := r.URL.RequestURI()
	view := itemsView{
		base:   sess.base(itemsHeading(q)),
		Items:  itemList{Items: page.Items, ShowFeed: q.FeedID == 0, CSRF: sess.CSRF, Return: here},
		Unread: q.UnreadOnly, Starred: q.StarredOnly, Here: here, Until: s.now().UnixNano(),
		UnreadToggle: filterLink(r.URL.Query(), "unread", !q.UnreadOnly),
	}
	if q.StarredOnly {
		view.Items.Empty = "No starred items. Star an item with its ☆ button to keep it here."
	}
	return view
}

// itemsHeading names a listing of the items q selects.
func itemsHeading(q vigil.ItemQuery) string {
	switch {
	case q.UnreadOnly && q.StarredOnly:
		return "Unread starred items"
	case q.UnreadOnly:
		return "Unread items"
	case q.StarredOnly:
		return "Starred items"
	default:
		return "Items"
	}
}

// filterLink returns the address of the first page of the item listing
// with the same filters as q but the boolean filter name set to on.
func filterLink(q url.Values, name string, on bool) string {
	q.Del(name)
	if on {
		q.Set(name, "1")
	}
	return itemsLink(q, 0, "", "")
}

// itemsLink returns the address of the item listing with the same filters
// starting at offset, or continuing after the cursor before, or going back
// before the cursor after, when they are not "".
func itemsLink(q url.Values, offset int, before, after string) string {
	q.Del("offset")
	q.Del("before")
	q.Del("after")
	if offset > 0 {
		q.Set("offset", strconv.Itoa(offset))
	}
	if before != "" {
		q.Set("before", before)
	}
	if after != "" {
		q.Set("after", after)
	}
	if len(q) == 0 {
		return "/items"
	}
	return "/items?" + q.Encode()
}

// describeFeeds gives the view the one feed it lists (the visitor's
// subscription) or the label of each item's feed, and records that the
// visitor is looking at that feed alone, or at all their feeds.
func (s *Handlers) describeFeeds(r *http.Request, sess *session, q vigil.ItemQuery, view *itemsView) error {
	if q.FeedID == 0 {
		s.auth.NoteAccess(r.Context(), sess.User.ID)
		return s.labelFeeds(r.Context(), sess.User.ID, view.Items.Items)
	}
	sub, err := s.st.Subscription(r.Context(), sess.User.ID, q.FeedID)
	if err != nil {
		return err
	}
	view.Sub = sub
	s.auth.NoteReading(r.Context(), sess.User.ID, q.FeedID)
	return nil
}

// ItemPage shows one item with its sanitised content and records that the
// visitor opened it, which marks it read, unless they have just marked it
// unread.
func (s *Handlers) ItemPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "item")
	if err != nil {
		return err
	}
	s.auth.NoteAccess(r.Context(), sess.User.ID)
	it, err := s.st.Item(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	view := itemView{base: sess.base(it.Title), KeptUnread: r.URL.Query().Get("keep") == "unread", Here: r.URL.RequestURI()}
	if !view.KeptUnread {
		if err := s.reading.OpenItem(r, sess.User.ID, it); err != nil {
			return err
		}
	}
	sub, err := s.st.Subscription(r.Context(), sess.User.ID, it.FeedID)
	if err != nil {
		return err
	}
	if view.Newer, view.Older, err = s.neighbours(r.Context(), sess.User.ID, *it); err != nil {
		return err
	}
	view.Item, view.Body, view.FeedLabel = s.reading.SanitiseItem(*it), s.reading.ItemBody(*it), feedLabel(sub.Feed)
	s.render(w, r, http.StatusOK, "item.html", view)
	return nil
}

// neighbours returns the items just newer and just older than it in its
// feed, nil where there is none: two one-item listings by cursor, so an
// item deep in a long history costs as little as the newest.
func (s *Handlers) neighbours(ctx context.Context, userID int64, it vigil.Item) (newer, older *vigil.Item, err error) {
	around := vigil.ItemQuery{UserID: userID, FeedID: it.FeedID, Limit: 1}
	around.After = it.Cursor()
	if newer, err = s.oneItem(ctx, around); err != nil {
		return nil, nil, err
	}
	around.After, around.Before = vigil.ItemCursor{}, it.Cursor()
	if older, err = s.oneItem(ctx, around); err != nil {
		return nil, nil, err
	}
	return newer, older, nil
}

// oneItem returns the first item q lists, or nil.
func (s *Handlers) oneItem(ctx context.Context, q vigil.ItemQuery) (*vigil.Item, error) {
	list, err := s.st.Items(ctx, q)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// UnreadForm marks an item unread again and returns to the page named by
// the form's "return" field, else to the item, left unread.
func (s *Handlers) UnreadForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "item")
	if err != nil {
		return err
	}
	if err := s.st.MarkRead(r.Context(), sess.User.ID, []int64{id}, false); err != nil {
		return err
	}
	redirectBack(w, r, fmt.Sprintf("/items/%d?keep=unread", id))
	return nil
}
