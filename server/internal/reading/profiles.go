package reading

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"vigil"
	"vigil/profiler"
	"vigil/server/internal/httperr"
)

// Profiler is what the server asks of the channel profiles: channel search
// and recommendations. *profiler.Profiler satisfies it. It is optional:
// without one those endpoints answer 503, while stored profiles are still
// shown.
type Profiler interface {
	// FindChannels returns up to n channels whose profiles best match
	// query, best first, described by public facts only.
	FindChannels(ctx context.Context, query string, n int, follows func(feedID int64) bool) ([]profiler.ScoredFeed, error)
	// Recommend suggests unread items and unfollowed channels to u.
	Recommend(ctx context.Context, u *vigil.User, items, channels int) (*profiler.Recommendations, error)
}

// Limits of channel search and recommendations.
const (
	DefaultChannelLimit   = 20
	MaxChannelLimit       = 100
	DefaultRecommendItems = 20
	MaxRecommendItems     = 100
	DefaultRecommendFeeds = 10
	MaxRecommendFeeds     = 50
)

// NoProfiler is the message of the 503 answered without a profiler.
const NoProfiler = "channel profiles are not available: this server runs without a profiler"

// ErrNoProfiler refuses a request that needs the profiler.
var ErrNoProfiler = &httperr.Refusal{Status: http.StatusServiceUnavailable, Msg: NoProfiler}

// ChannelView is a channel found for a user, and whether the user follows
// it: the only thing about the user's own subscriptions it tells.
type ChannelView struct {
	profiler.ScoredFeed
	Following bool `json:"following"`
}

// ChannelList is the data of the shared channel listing.
type ChannelList struct {
	Channels []ChannelView
	CSRF     string // the visitor's CSRF token, for the subscribe buttons
	Empty    string // what to say when there is no channel
}

// FindChannels returns up to limit channels whose profiles match text,
// best first, each marked with whether the user follows it. A blank or
// too long query is EINVALID.
func (s *Service) FindChannels(ctx context.Context, userID int64, text string, limit int) ([]ChannelView, error) {
	if strings.TrimSpace(text) == "" {
		return nil, vigil.Errorf(vigil.EINVALID, "the search query has no word to search for")
	}
	if n := utf8.RuneCountInString(text); n > MaxQueryLength {
		return nil, vigil.Errorf(vigil.EINVALID, "the search query has %d characters, more than the limit of %d", n, MaxQueryLength)
	}
	subs, err := s.st.Subscriptions(ctx, userID)
	if err != nil {
		return nil, err
	}
	following := make(map[int64]bool, len(subs))
	for _, sub := range subs {
		following[sub.Feed.ID] = true
	}
	found, err := s.profiler.FindChannels(ctx, text, limit, func(id int64) bool { return following[id] })
	if err != nil {
		return nil, err
	}
	out := make([]ChannelView, len(found))
	for i, f := range found {
		out[i] = ChannelView{ScoredFeed: f, Following: following[f.FeedID]}
	}
	return out, nil
}

// Recommend returns the user's recommendations with the items sanitised
// and labelled with their feeds.
func (s *Service) Recommend(ctx context.Context, u *vigil.User, items, channels int) (*profiler.Recommendations, error) {
	rec, err := s.profiler.Recommend(ctx, u, items, channels)
	if err != nil {
		return nil, err
	}
	for i := range rec.Items {
		rec.Items[i].Item = s.SanitiseItem(rec.Items[i].Item)
	}
	return rec, nil
}
