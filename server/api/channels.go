package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// ChannelsAnswer is the body of a GET /api/channels/search answer.
type ChannelsAnswer struct {
	Channels []reading.ChannelView `json:"channels"`
}

// FeedProfile returns the stored profile of a feed the user follows,
// its stems and lexical affinities in separate lists.
func (s *Handlers) FeedProfile(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	if _, err := s.st.Subscription(r.Context(), u.ID, id); err != nil {
		return err
	}
	p, err := s.st.Profile(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, reading.NewProfileView(p))
	return nil
}

// SearchChannels ranks every channel, followed or not, by the cosine
// between its profile and the words of the q parameter, best first, at
// most the limit parameter of them.
func (s *Handlers) SearchChannels(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	if !s.reading.HasProfiler() {
		return reading.ErrNoProfiler
	}
	params := r.URL.Query()
	text := params.Get("q")
	if text == "" {
		return vigil.Errorf(vigil.EINVALID, "parameter q is required: the words to search channels for")
	}
	limit, err := reading.QueryInt(params, "limit", reading.DefaultChannelLimit, 1, reading.MaxChannelLimit)
	if err != nil {
		return err
	}
	found, err := s.reading.FindChannels(r.Context(), u.ID, text, limit)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		return vigil.Errorf(vigil.EINVALID, "parameter q: %s", vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ChannelsAnswer{Channels: found})
	return nil
}

// Recommendations suggests to the user, best first, up to the items
// parameter of their unread items and up to the channels parameter of
// channels they do not follow.
func (s *Handlers) Recommendations(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	if !s.reading.HasProfiler() {
		return reading.ErrNoProfiler
	}
	params := r.URL.Query()
	items, err := reading.QueryInt(params, "items", reading.DefaultRecommendItems, 0, reading.MaxRecommendItems)
	if err != nil {
		return err
	}
	channels, err := reading.QueryInt(params, "channels", reading.DefaultRecommendFeeds, 0, reading.MaxRecommendFeeds)
	if err != nil {
		return err
	}
	rec, err := s.reading.Recommend(r.Context(), u, items, channels)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rec)
	return nil
}
