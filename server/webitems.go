package server

import (
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"vigil"
)

// itemsView is the data of the item listing page.
type itemsView struct {
	base
	Items  []vigil.Item
	Unread bool
	Sub    *vigil.Subscription // set when the listing is of one feed
	Newer  string              // link to the previous page, "" on the first
	Older  string              // link to the next page, "" on the last
}

// itemView is the data of an item's page.
type itemView struct {
	base
	Item vigil.Item
	Body template.HTML // sanitised content or summary
}

// itemsPage lists the items of the visitor's feeds, newest first, one page
// at a time, optionally only unread ones or those of one feed.
func (s *Server) itemsPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	q, err := itemQuery(r.URL.Query(), sess.User.ID)
	if err != nil {
		return err
	}
	page, err := s.listItems(r.Context(), q)
	if err != nil {
		return err
	}
	view := itemsView{base: sess.base("Items"), Items: page.Items, Unread: q.UnreadOnly}
	if q.FeedID != 0 {
		if view.Sub, err = s.st.Subscription(r.Context(), sess.User.ID, q.FeedID); err != nil {
			return err
		}
	}
	if q.Offset > 0 {
		view.Newer = itemsLink(r.URL.Query(), max(q.Offset-q.Limit, 0))
	}
	if page.NextOffset != nil {
		view.Older = itemsLink(r.URL.Query(), *page.NextOffset)
	}
	s.render(w, r, http.StatusOK, "items.html", view)
	return nil
}

// itemsLink returns the address of the item listing with the same filters
// starting at offset.
func itemsLink(q url.Values, offset int) string {
	q.Del("offset")
	if offset > 0 {
		q.Set("offset", strconv.Itoa(offset))
	}
	if len(q) == 0 {
		return "/items"
	}
	return "/items?" + q.Encode()
}

// itemPage shows one item with its sanitised content and marks it read.
func (s *Server) itemPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := pathID(r, "item")
	if err != nil {
		return err
	}
	it, err := s.st.Item(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	if !it.Read {
		if err := s.st.MarkRead(r.Context(), sess.User.ID, []int64{id}, true); err != nil {
			return err
		}
		it.Read = true
	}
	view := itemView{base: sess.base(it.Title), Item: s.sanitiseItem(*it), Body: s.itemBody(*it)}
	s.render(w, r, http.StatusOK, "item.html", view)
	return nil
}

// unreadForm marks an item unread again.
func (s *Server) unreadForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := pathID(r, "item")
	if err != nil {
		return err
	}
	if err := s.st.MarkRead(r.Context(), sess.User.ID, []int64{id}, false); err != nil {
		return err
	}
	http.Redirect(w, r, "/items", http.StatusSeeOther)
	return nil
}
