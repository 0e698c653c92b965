package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"vigil"
)

// Sizes of the listings on a feed's page.
const (
	feedPageItems        = 20
	feedPageObservations = 20
)

// indexView is the data of the home page.
type indexView struct {
	base
	Subscriptions []vigil.Subscription
	Notices       []vigil.Notice
}

// feedView is the data of a feed's page.
type feedView struct {
	base
	Sub          *vigil.Subscription
	Items        []vigil.Item
	MoreItems    bool
	Observations []vigil.Observation
}

// indexPage lists the visitor's feeds and notices, with the add-feed form.
func (s *Server) indexPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	subs, err := s.st.Subscriptions(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	notices, err := s.st.Notices(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	view := indexView{base: sess.base("Feeds"), Subscriptions: subs, Notices: notices}
	s.render(w, r, http.StatusOK, "index.html", view)
	return nil
}

// feedPage shows one followed feed: its state, latest items and fetches.
func (s *Server) feedPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := pathID(r, "feed")
	if err != nil {
		return err
	}
	sub, err := s.st.Subscription(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	items, err := s.listItems(r.Context(), vigil.ItemQuery{UserID: sess.User.ID, FeedID: id, Limit: feedPageItems})
	if err != nil {
		return err
	}
	obs, err := s.st.Observations(r.Context(), id, feedPageObservations)
	if err != nil {
		return err
	}
	view := feedView{base: sess.base(feedName(sub.Feed)), Sub: sub, Items: items.Items, MoreItems: items.NextOffset != nil, Observations: obs}
	s.render(w, r, http.StatusOK, "feed.html", view)
	return nil
}

// addFeedForm subscribes the visitor to the submitted URL.
func (s *Server) addFeedForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	weight, err := formWeight(r)
	if err != nil {
		return err
	}
	sub, err := s.subscribe(r.Context(), sess.User.ID, r.PostFormValue("url"), weight)
	if err != nil {
		return err
	}
	http.Redirect(w, r, fmt.Sprintf("/feeds/%d", sub.Feed.ID), http.StatusSeeOther)
	return nil
}

// weightForm changes the weight of one of the visitor's subscriptions.
func (s *Server) weightForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := pathID(r, "feed")
	if err != nil {
		return err
	}
	weight, err := formWeight(r)
	if err != nil {
		return err
	}
	if _, err := s.reweigh(r.Context(), sess.User.ID, id, weight); err != nil {
		return err
	}
	http.Redirect(w, r, fmt.Sprintf("/feeds/%d", id), http.StatusSeeOther)
	return nil
}

// unsubscribeForm stops the visitor following a feed.
func (s *Server) unsubscribeForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := pathID(r, "feed")
	if err != nil {
		return err
	}
	if err := s.unsubscribe(r.Context(), sess.User.ID, id); err != nil {
		return err
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// formWeight reads the weight field of a form, 1 when left empty.
func formWeight(r *http.Request) (float64, error) {
	raw := strings.TrimSpace(r.PostFormValue("weight"))
	if raw == "" {
		return 1, nil
	}
	w, err := strconv.ParseFloat(raw, 64)
	if err != nil {
		return 0, vigil.Errorf(vigil.EINVALID, "weight %q is not a number", raw)
	}
	return w, checkWeight(w)
}
