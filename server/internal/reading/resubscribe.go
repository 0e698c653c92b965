package reading

import (
	"context"

	"vigil"
)

// Followed returns the user's subscription to the feed at rawURL, as it
// will be normalised when subscribing, or nil when they do not follow it.
// An invalid URL is followed by no one; subscribing reports why it is
// invalid.
func (s *Service) Followed(ctx context.Context, userID int64, rawURL string) (*vigil.Subscription, error) {
	u, err := vigil.NormalizeFeedURL(rawURL)
	if err != nil {
		return nil, nil
	}
	subs, err := s.st.Subscriptions(ctx, userID)
	if err != nil {
		return nil, err
	}
	for i := range subs {
		if subs[i].Feed.URL == u {
			return &subs[i], nil
		}
	}
	return nil, nil
}
