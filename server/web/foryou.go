package web

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// forYouView is the data of the "For you" page.
type forYouView struct {
	base
	Items    itemList
	Channels reading.ChannelList
	Reason   string // why there is nothing to suggest, when there is nothing
}

// ForYouPage shows the unread items and the channels recommended to the
// visitor, or why there are none.
func (s *Handlers) ForYouPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	if !s.reading.HasProfiler() {
		s.renderStatus(w, r, sess, http.StatusServiceUnavailable, reading.NoProfiler)
		return nil
	}
	s.auth.NoteAccess(r.Context(), sess.User.ID)
	rec, err := s.reading.Recommend(r.Context(), sess.User, reading.DefaultRecommendItems, reading.DefaultRecommendFeeds)
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
	channels := make([]reading.ChannelView, len(rec.Channels))
	for i, f := range rec.Channels {
		channels[i] = reading.ChannelView{ScoredFeed: f}
	}
	view := forYouView{
		base:     sess.base("For you"),
		Items:    itemList{Items: items, ShowFeed: true, CSRF: sess.CSRF, Return: "/for-you", Empty: rec.ItemsReason},
		Channels: reading.ChannelList{Channels: channels, CSRF: sess.CSRF, Empty: rec.ChannelsReason},
	}
	if len(items) == 0 && len(channels) == 0 {
		view.Reason = rec.Reason // else each empty list says why in its place
	}
	s.render(w, r, http.StatusOK, "foryou.html", view)
	return nil
}
