package web

import (
	"fmt"
	"net/http"
	"strings"

	"vigil"
	"vigil/server/internal/reading"
)

// SearchLimit is how many of the best matches the search page shows.
const SearchLimit = reading.DefaultItemLimit

// channelLimit is how many matching channels the search page shows.
const channelLimit = 10

// searchView is the data of the search page.
type searchView struct {
	base
	Searched bool   // the visitor asked for something
	Error    string // why the query cannot be answered
	Summary  string // how many items match
	Items    itemList
	// Channels are the channels whose profiles match, when the server
	// has a profiler (ChannelSearch).
	Channels      reading.ChannelList
	ChannelSearch bool
}

// SearchPage shows the items of the visitor's feeds that best match the
// words of the q parameter, or why it cannot search for them, or how to
// search when q is empty.
func (s *Handlers) SearchPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	view := searchView{base: sess.base("Search")}
	view.Query = r.URL.Query().Get("q")
	if strings.TrimSpace(view.Query) == "" {
		s.render(w, r, http.StatusOK, "search.html", view)
		return nil
	}
	view.Searched = true
	found, err := s.reading.Search(r.Context(), sess.User.ID, view.Query, SearchLimit+1)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		view.Error = vigil.ErrorMessage(err)
		s.render(w, r, http.StatusBadRequest, "search.html", view)
		return nil
	}
	if err != nil {
		return err
	}
	view.Summary = matchWords(len(found), SearchLimit, view.Query)
	found = found[:min(len(found), SearchLimit)]
	if err := s.labelFeeds(r.Context(), sess.User.ID, found); err != nil {
		return err
	}
	view.Items = itemList{Items: found, ShowFeed: true, CSRF: sess.CSRF, Return: r.URL.RequestURI(),
		Empty: "Try fewer words, or a word's beginning followed by *."}
	if view.Channels, err = s.channelSection(r, sess, view.Query); err != nil {
		return err
	}
	view.ChannelSearch = s.reading.HasProfiler()
	s.render(w, r, http.StatusOK, "search.html", view)
	return nil
}

// channelSection finds the channels whose profiles match query for the
// search page; none without a profiler.
func (s *Handlers) channelSection(r *http.Request, sess *session, query string) (reading.ChannelList, error) {
	list := reading.ChannelList{CSRF: sess.CSRF, Empty: "No channel's profile matches these words."}
	if !s.reading.HasProfiler() {
		return list, nil
	}
	found, err := s.reading.FindChannels(r.Context(), sess.User.ID, query, channelLimit)
	list.Channels = found
	return list, err
}

// matchWords tells how many items match query, given that n were found
// when at most shown are shown and one more was asked for.
func matchWords(n, shown int, query string) string {
	switch {
	case n == 0:
		return fmt.Sprintf("No item matches “%s”.", query)
	case n == 1:
		return fmt.Sprintf("1 item matches “%s”.", query)
	case n > shown:
		return fmt.Sprintf("More than %d items match “%s”; here are the %d best.", shown, query, shown)
	default:
		return fmt.Sprintf("%d items match “%s”, best first.", n, query)
	}
}
