package server

import (
	"net/http"

	"vigil"
)

// forYouView is the data of the "For you" page.
type forYouView struct {
	base
	Items    itemList
	Channels channelList
	Reason   string // why there is nothing to suggest, when there is nothing
}

// forYouPage shows the unread items and the channels recommended to the
// visitor, or why there are none.
func (s *Server) forYouPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	if s.profiler == nil {
		s.renderStatus(w, r, sess, http.StatusServiceUnavailable, noProfiler)
		return nil
	}
	s.auth.NoteAccess(r.Context(), sess.User.ID)
	rec, err := s.recommend(r.Context(), sess.User, defaultRecommendItems, defaultRecommendFeeds)
	if err != nil {
		return err
	}
	items := make([]vigil.Item, len(rec.Items))
	for i, it := range rec.Items {
		items[i] = it.Item
	}
	if err := s.labelFeeds(r.Context(), sess.User.ID, items); err != nil {
		return err
	}
	channels := make([]channelView, len(rec.Channels))
	for i, f := range rec.Channels {
		channels[i] = channelView{ScoredFeed: f}
	}
	view := forYouView{
		base:     sess.base("For you"),
		Items:    itemList{Items: items, ShowFeed: true, CSRF: sess.CSRF, Return: "/for-you", Empty: rec.ItemsReason},
		Channels: channelList{Channels: channels, CSRF: sess.CSRF, Empty: rec.ChannelsReason},
	}
	if len(items) == 0 && len(channels) == 0 {
		view.Reason = rec.Reason // else each empty list says why in its place
	}
	s.render(w, r, http.StatusOK, "foryou.html", view)
	return nil
}
