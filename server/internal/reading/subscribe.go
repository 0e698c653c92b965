package reading

import (
	"context"

	"vigil"
)

// Subscribe makes a user follow the feed at rawURL with weight, after
// validating and normalising both, and wakes the monitor.
func (s *Service) Subscribe(ctx context.Context, userID int64, rawURL string, weight float64) (*vigil.Subscription, error) {
	u, err := vigil.NormalizeFeedURL(rawURL)
	if err != nil {
		return nil, err
	}
	if err := CheckWeight(weight); err != nil {
		return nil, err
	}
	sub, err := s.st.Subscribe(ctx, userID, u, weight, s.now())
	if err != nil {
		return nil, err
	}
	if s.onSubscribe != nil {
		s.onSubscribe(sub.Feed.ID)
	}
	return sub, nil
}

// Reweigh sets the weight of a subscription the user already has, by
// subscribing again to the feed's URL.
func (s *Service) Reweigh(ctx context.Context, userID, feedID int64, weight float64) (*vigil.Subscription, error) {
	if err := CheckWeight(weight); err != nil {
		return nil, err
	}
	sub, err := s.st.Subscription(ctx, userID, feedID)
	if err != nil {
		return nil, err
	}
	return s.st.Subscribe(ctx, userID, sub.Feed.URL, weight, s.now())
}

// Unsubscribe stops the user following a feed and returns the
// subscription that ended, or fails with ENOTFOUND if they do not follow it.
func (s *Service) Unsubscribe(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error) {
	sub, err := s.st.Subscription(ctx, userID, feedID)
	if err != nil {
		return nil, err
	}
	return sub, s.st.Unsubscribe(ctx, userID, feedID)
}
