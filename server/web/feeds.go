package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"vigil"
	"vigil/discover"
	"vigil/server/internal/httperr"
	"vigil/server/internal/reading"
	"vigil/store"
)

// Sizes of the listings on a feed's page.
const (
	feedPageItems        = 20
	feedPageObservations = 20
)

// feedForm is what a visitor typed into a form that was refused, shown
// again with the reason.
type feedForm struct {
	URL    string
	Weight string
	Page   bool // watch the URL as a page
	Error  string
	// Folder and FolderError are the folder form's input and its refusal.
	Folder, FolderError string
}

// indexView is the data of the home page.
type indexView struct {
	base
	Subscriptions []vigil.Subscription
	Notices       []vigil.Notice
	Form          feedForm
	// Choice, when set, is the web page just added as a feed that
	// advertises several feeds or none, offered to choose from.
	Choice *discover.Choice
}

// feedView is the data of a feed's page.
type feedView struct {
	base
	Sub          *vigil.Subscription
	Items        itemList
	MoreItems    bool
	Observations []vigil.Observation
	Profile      *reading.ProfileView // nil while the feed has none
	Charts       []template.HTML
	Form         feedForm // the weight form
	// FoundOn is the web page the feed was just found on, offered to be
	// watched instead; "" when none.
	FoundOn   string
	Until     int64 // when the page was made, for "mark all as read"
	MinWeight float64
	MaxWeight float64
}

// unsubscribeView is the data of the page confirming an unsubscription.
type unsubscribeView struct {
	base
	Sub *vigil.Subscription
}

// IndexPage lists the visitor's feeds and notices, with the add-feed form.
func (s *Handlers) IndexPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	return s.renderIndex(w, r, sess, http.StatusOK, feedForm{Weight: "1"})
}

// renderIndex renders the home page with status and the add-feed form
// filled as form.
func (s *Handlers) renderIndex(w http.ResponseWriter, r *http.Request, sess *session, status int, form feedForm) error {
	return s.renderIndexChoosing(w, r, sess, status, form, nil)
}

// renderIndexChoosing is renderIndex offering, when c is set, the feeds a
// web page advertises and the page itself to choose from.
func (s *Handlers) renderIndexChoosing(w http.ResponseWriter, r *http.Request, sess *session, status int, form feedForm, c *discover.Choice) error {
	subs, err := s.st.Subscriptions(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	notices, err := s.st.Notices(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	view := indexView{base: sess.base("Feeds"), Subscriptions: subs, Notices: notices, Form: form, Choice: c}
	s.render(w, r, status, "index.html", view)
	return nil
}

// FeedPage shows one followed feed: its state, latest items and fetches.
func (s *Handlers) FeedPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	if _, err := s.st.Page(r.Context(), id); err == nil {
		http.Redirect(w, r, fmt.Sprintf("/pages/%d", id), http.StatusSeeOther) // a watched page has its own view
		return nil
	}
	view, err := s.feedView(r.Context(), sess, id)
	if err != nil {
		return err
	}
	s.auth.NoteReading(r.Context(), sess.User.ID, id) // its latest items: a look at it
	view.Form.Weight = reading.Number(view.Sub.Weight)
	view.Form.Folder = view.Sub.Folder
	view.FoundOn = r.URL.Query().Get("found_on")
	s.render(w, r, http.StatusOK, "feed.html", view)
	return nil
}

// feedView gathers the data of the page of feed id for the visitor.
func (s *Handlers) feedView(ctx context.Context, sess *session, id int64) (feedView, error) {
	sub, err := s.st.Subscription(ctx, sess.User.ID, id)
	if err != nil {
		return feedView{}, err
	}
	if err := store.AttachPushes(ctx, s.st, []*vigil.Feed{&sub.Feed}); err != nil {
		return feedView{}, err
	}
	items, err := s.reading.ListItems(ctx, vigil.ItemQuery{UserID: sess.User.ID, FeedID: id, Limit: feedPageItems})
	if err != nil {
		return feedView{}, err
	}
	obs, err := s.st.Observations(ctx, id, feedPageObservations)
	if err != nil {
		return feedView{}, err
	}
	prof, err := s.st.Profile(ctx, id)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		prof, err = nil, nil
	}
	if err != nil {
		return feedView{}, err
	}
	charts, err := s.reading.FeedCharts(ctx, sess.User.ID, id)
	if err != nil {
		return feedView{}, err
	}
	list := itemList{Items: items.Items, CSRF: sess.CSRF, Return: fmt.Sprintf("/feeds/%d", id)}
	return feedView{Charts: charts,
		base: sess.base(reading.FeedName(sub.Feed)), Sub: sub, Items: list, Profile: reading.NewProfileView(prof),
		MoreItems: items.NextOffset != nil, Observations: obs, Until: s.now().UnixNano(),
		MinWeight: reading.MinWeight, MaxWeight: reading.MaxWeight,
	}, nil
}

// AddFeedForm subscribes the visitor to the submitted URL, or shows the
// home page again with the reason and what they typed. A URL that is a
// web page advertising one feed subscribes to that feed (the feed's view
// then offers to watch the page instead); one advertising several feeds or
// none shows them to choose from, with the page itself. A form with
// as_given set (a feed chosen so) subscribes to the URL without looking.
func (s *Handlers) AddFeedForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	form := feedForm{URL: r.PostFormValue("url"), Weight: r.PostFormValue("weight"), Page: r.PostFormValue("page") != ""}
	weight, err := formWeight(r)
	var added reading.Added
	switch {
	case err == nil && form.Page:
		added.Sub, err = s.reading.FollowPage(r.Context(), sess.User.ID, form.URL, weight)
	case err == nil && r.PostFormValue("as_given") != "":
		added.Sub, err = s.reading.Subscribe(r.Context(), sess.User.ID, form.URL, weight)
	case err == nil:
		added, err = s.reading.SubscribeFinding(r.Context(), sess.User.ID, form.URL, weight)
	}
	var choice reading.FeedChoice
	switch {
	case err == nil && form.Page:
		http.Redirect(w, r, fmt.Sprintf("/pages/%d", added.Sub.Feed.ID), http.StatusSeeOther)
		return nil
	case err == nil && added.FoundOn != "":
		s.setFlash(w, added.FoundOn+" is a web page: you follow the feed it advertises, "+added.Sub.Feed.URL+".")
		http.Redirect(w, r, fmt.Sprintf("/feeds/%d?found_on=%s", added.Sub.Feed.ID, url.QueryEscape(added.FoundOn)), http.StatusSeeOther)
		return nil
	case err == nil:
		http.Redirect(w, r, fmt.Sprintf("/feeds/%d", added.Sub.Feed.ID), http.StatusSeeOther)
		return nil
	case errors.As(err, &choice):
		form.Weight = cmp.Or(form.Weight, "1")
		return s.renderIndexChoosing(w, r, sess, http.StatusOK, form, choice.Choice)
	case httperr.Status(err) < http.StatusInternalServerError:
		form.Error = vigil.ErrorMessage(err)
		return s.renderIndex(w, r, sess, httperr.Status(err), form)
	default:
		return err
	}
}

// WatchPageForm watches as a page the web page a feed was found on,
// instead of following the feed: the visitor follows the page with the
// feed's weight and stops following the feed.
func (s *Handlers) WatchPageForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	sub, err := s.st.Subscription(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	page, err := s.reading.FollowPage(r.Context(), sess.User.ID, r.PostFormValue("url"), sub.Weight)
	if err != nil {
		return err
	}
	if page.Feed.ID != id {
		if _, err := s.reading.Unsubscribe(r.Context(), sess.User.ID, id); err != nil {
			return err
		}
	}
	s.setFlash(w, "You watch "+page.Feed.URL+" as a page, and no longer follow the feed "+sub.Feed.URL+".")
	http.Redirect(w, r, fmt.Sprintf("/pages/%d", page.Feed.ID), http.StatusSeeOther)
	return nil
}

// WeightForm changes the weight of one of the visitor's subscriptions, or
// shows the feed's page again with the reason and what they typed.
func (s *Handlers) WeightForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	weight, err := formWeight(r)
	if err == nil {
		_, err = s.reading.Reweigh(r.Context(), sess.User.ID, id, weight)
	}
	if vigil.ErrorCode(err) == vigil.EINVALID {
		view, verr := s.feedView(r.Context(), sess, id)
		if verr != nil {
			return verr
		}
		view.Form = feedForm{Weight: r.PostFormValue("weight"), Error: vigil.ErrorMessage(err)}
		s.render(w, r, http.StatusBadRequest, "feed.html", view)
		return nil
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, fmt.Sprintf("/feeds/%d", id), http.StatusSeeOther)
	return nil
}

// UnsubscribePage asks the visitor to confirm that they want to stop
// following a feed.
func (s *Handlers) UnsubscribePage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	sub, err := s.st.Subscription(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	view := unsubscribeView{base: sess.base("Unsubscribe from " + reading.FeedName(sub.Feed)), Sub: sub}
	s.render(w, r, http.StatusOK, "unsubscribe.html", view)
	return nil
}

// UnsubscribeForm stops the visitor following a feed and tells them so on
// the home page.
func (s *Handlers) UnsubscribeForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	sub, err := s.reading.Unsubscribe(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	s.setFlash(w, "You unsubscribed from "+reading.FeedName(sub.Feed)+".")
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
	return w, reading.CheckWeight(w)
}
