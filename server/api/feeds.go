package api

import (
	"errors"
	"net/http"

	"vigil"
	"vigil/discover"
	"vigil/server/internal/reading"
	"vigil/store"
)

// addFeedRequest is the body of POST /api/feeds.
type addFeedRequest struct {
	URL    string   `json:"url"`
	Weight *float64 `json:"weight"` // nil: 1
}

// Feeds lists the user's subscriptions with their feeds' state.
func (s *Handlers) Feeds(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	subs, err := s.st.Subscriptions(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if subs == nil {
		subs = []vigil.Subscription{}
	}
	feeds := make([]*vigil.Feed, len(subs))
	for i := range subs {
		feeds[i] = &subs[i].Feed
	}
	if err := store.AttachPushes(r.Context(), s.st, feeds); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, subs)
	return nil
}

// AddFeed subscribes the user to a feed URL: 201 Created with the new
// subscription, or 200 OK with it when the user already followed the feed
// (its weight kept unless the request gives one). A URL that is a web page
// advertising one feed subscribes to that feed, the page named in the
// Vigil-Found-On header; one advertising several feeds or none is
// answered with them (feedChoiceJSON) and subscribes to nothing.
func (s *Handlers) AddFeed(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req addFeedRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	already, err := s.reading.Followed(r.Context(), u.ID, req.URL)
	if err != nil {
		return err
	}
	weight := 1.0
	switch {
	case req.Weight != nil:
		weight = *req.Weight
	case already != nil:
		weight = already.Weight
	}
	added, err := s.reading.SubscribeFinding(r.Context(), u.ID, req.URL, weight)
	var choice reading.FeedChoice
	if errors.As(err, &choice) {
		writeJSON(w, choice.HTTPStatus(), feedChoiceJSON{Error: choice.Error(), Page: choice.Page, Feeds: append([]discover.Feed{}, choice.Feeds...)})
		return nil
	}
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if already != nil {
		status = http.StatusOK
	}
	if added.FoundOn != "" {
		w.Header().Set("Vigil-Found-On", added.FoundOn)
	}
	writeJSON(w, status, added.Sub)
	return nil
}

// feedChoiceJSON is the answer to POST /api/feeds for a web page that
// advertises several feeds (300) or none (422): the feeds to choose from,
// or POST /api/pages to watch the page.
type feedChoiceJSON struct {
	Error string          `json:"error"`
	Page  string          `json:"page"`
	Feeds []discover.Feed `json:"feeds"`
}

// Feed returns one of the user's subscriptions.
func (s *Handlers) Feed(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	sub, err := s.st.Subscription(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if err := store.AttachPushes(r.Context(), s.st, []*vigil.Feed{&sub.Feed}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sub)
	return nil
}

// SetWeight changes the weight, folder or title of one of the user's
// subscriptions.
func (s *Handlers) SetWeight(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	var req reading.SubscriptionEdit
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Weight == nil && req.Folder == nil && req.Title == nil {
		return vigil.Errorf(vigil.EINVALID, "weight, folder or title is required")
	}
	sub, err := s.reading.EditSubscription(r.Context(), u.ID, id, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sub)
	return nil
}

// Unsubscribe stops the user following a feed.
func (s *Handlers) Unsubscribe(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	if _, err := s.reading.Unsubscribe(r.Context(), u.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Observations lists the latest fetches of a feed the user follows.
func (s *Handlers) Observations(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	limit, err := reading.QueryInt(r.URL.Query(), "limit", reading.DefaultObservationLimit, 1, reading.MaxObservationLimit)
	if err != nil {
		return err
	}
	if _, err := s.st.Subscription(r.Context(), u.ID, id); err != nil {
		return err
	}
	obs, err := s.st.Observations(r.Context(), id, limit)
	if err != nil {
		return err
	}
	if obs == nil {
		obs = []vigil.Observation{}
	}
	writeJSON(w, http.StatusOK, obs)
	return nil
}
