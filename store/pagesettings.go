package store

import (
	"context"

	"vigil"
)

// PageSettings is how a watched page is read, set by its owner, and the
// conditions each follower sets on its changes.
type PageSettings interface {
	// SetPageReading sets how the page is fetched and read (rendered in a
	// browser, XPath, jq program); only the page's owner may (ECONFLICT
	// otherwise), and an expression that does not compile is EINVALID.
	SetPageReading(ctx context.Context, userID, feedID int64, r vigil.PageReading) error
	// SetPageNoiseForgotten sets the learned noise items (the change
	// package's NoiseItem keys) the page's owner undid, never learned
	// again; only the owner may (ECONFLICT otherwise), and a key that is
	// not one is EINVALID.
	SetPageNoiseForgotten(ctx context.Context, userID, feedID int64, keys []string) error
	// SetPageConditions sets the user's conditions on a page they follow;
	// none (an empty list) tells them of every change again. A condition
	// that is not valid is EINVALID.
	SetPageConditions(ctx context.Context, userID, feedID int64, conds []vigil.Condition) error
	// PageConditions returns the conditions of the page's followers who
	// set any, by user ID.
	PageConditions(ctx context.Context, feedID int64) (map[int64][]vigil.Condition, error)
}
