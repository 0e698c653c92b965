package reading

import (
	"context"
	"errors"
	"net/http"

	"vigil"
	"vigil/discover"
)

// Added is what adding a URL as a feed's did.
type Added struct {
	Sub *vigil.Subscription
	// FoundOn is the web page the followed feed was found on, "" when the
	// URL added was followed as given.
	FoundOn string
}

// FeedChoice refuses to follow as a feed a web page that advertises
// several feeds (300 Multiple Choices: follow one of them) or none (422:
// watch the page instead).
type FeedChoice struct{ *discover.Choice }

// HTTPStatus is 300 when the page advertises feeds, else 422.
func (c FeedChoice) HTTPStatus() int {
	if len(c.Feeds) == 0 {
		return http.StatusUnprocessableEntity
	}
	return http.StatusMultipleChoices
}

// SubscribeFinding makes a user follow the feed of rawURL: the URL itself
// when it is a feed, cannot be looked at, is already followed, or the
// Service has no Finder; the one feed it advertises when it is a web page
// with one; and when it is a web page advertising several feeds or none,
// nothing is followed and the error is a FeedChoice.
func (s *Service) SubscribeFinding(ctx context.Context, userID int64, rawURL string, weight float64) (Added, error) {
	u, err := vigil.NormalizeFeedURL(rawURL)
	if err != nil {
		return Added{}, err
	}
	if err := CheckWeight(weight); err != nil {
		return Added{}, err
	}
	already, err := s.Followed(ctx, userID, u)
	if err != nil {
		return Added{}, err
	}
	target := discover.Resolved{URL: u}
	if s.finder != nil && already == nil {
		target, err = s.finder.Resolve(ctx, u)
		var c *discover.Choice
		if errors.As(err, &c) {
			return Added{}, FeedChoice{c}
		}
		if target.NotLooked != nil {
			s.log.Info("server: a URL added as a feed could not be looked at for advertised feeds; followed as given", "err", target.NotLooked)
		}
	}
	sub, err := s.Subscribe(ctx, userID, target.URL, weight)
	if err != nil {
		return Added{}, err
	}
	return Added{Sub: sub, FoundOn: target.FoundOn}, nil
}
