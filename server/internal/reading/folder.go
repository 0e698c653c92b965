package reading

import (
	"context"

	"vigil"
)

// EditSubscription applies a PATCH of a subscription: every field is
// checked before any is changed, then the folder, the title and the weight
// are set.
func (s *Service) EditSubscription(ctx context.Context, userID, feedID int64, req SubscriptionEdit) (*vigil.Subscription, error) {
	if req.Weight != nil {
		if err := CheckWeight(*req.Weight); err != nil {
			return nil, err
		}
	}
	if req.Folder != nil {
		clean, err := vigil.CleanFolder(*req.Folder)
		if err != nil {
			return nil, err
		}
		req.Folder = &clean
	}
	if _, err := s.st.Subscription(ctx, userID, feedID); err != nil {
		return nil, err
	}
	if req.Folder != nil {
		if err := s.st.SetFolder(ctx, userID, feedID, *req.Folder); err != nil {
			return nil, err
		}
	}
	if req.Title != nil {
		if err := s.st.RenameSubscription(ctx, userID, feedID, *req.Title); err != nil {
			return nil, err
		}
	}
	if req.Weight != nil {
		return s.Reweigh(ctx, userID, feedID, *req.Weight)
	}
	return s.st.Subscription(ctx, userID, feedID)
}

// SubscriptionEdit is the body of PATCH /api/feeds/{id}: any of the weight,
// the folder and the user's own title, nil when left as they are.
type SubscriptionEdit struct {
	Weight *float64 `json:"weight"`
	Folder *string  `json:"folder"`
	Title  *string  `json:"title"`
}
