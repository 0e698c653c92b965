package store

import (
	"context"
	"time"

	"vigil"
)

// Pages is what vigil keeps of watched web pages (Glance et al.) apart from
// their history (PageHistory): which feed rows are pages, the owner's
// settings of each, and the followers' own settings.
type Pages interface {
	// FollowPage makes the user follow url as a page, creating the feed row
	// and the page in one transaction when new; following it again only sets
	// the weight. A URL already watched as a feed is ECONFLICT.
	FollowPage(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error)
	// MakePage turns a feed row that holds no item into a page and leaves
	// notice for each of its followers; a feed with items is ECONFLICT.
	MakePage(ctx context.Context, feedID int64, notice string, now time.Time) error
	// Page returns the page of a feed row, or ENOTFOUND when the feed is
	// not a page.
	Page(ctx context.Context, feedID int64) (*vigil.Page, error)
	// DuplicatePage returns another page whose latest version has the
	// given hash, or ENOTFOUND.
	DuplicatePage(ctx context.Context, feedID int64, hash string) (int64, error)

	// SetPageKinds sets the kinds of change monitored; only the page's
	// owner may (anyone else is ECONFLICT).
	SetPageKinds(ctx context.Context, userID, feedID int64, kinds []string) error
	// SetPageSelector sets the CSS selector of the watched region ("" for
	// the whole page); only the page's owner may (ECONFLICT otherwise).
	SetPageSelector(ctx context.Context, userID, feedID int64, selector string) error
	// SetPageIgnore sets the page's ignore rules (regular expressions,
	// checked by the caller); only the owner may (ECONFLICT otherwise).
	SetPageIgnore(ctx context.Context, userID, feedID int64, rules []string) error
	// SetPageReturns sets how many of the page's last distinct states a
	// new version is compared with to tell a return (vigil.Page.Returns,
	// 0 to MaxReturns); only the owner may (ECONFLICT otherwise).
	SetPageReturns(ctx context.Context, userID, feedID int64, n int) error
	// SetPageNote records the page's content type and what vigil could
	// not do with it ("" when nothing).
	SetPageNote(ctx context.Context, feedID int64, contentType, note string) error

	// PageFollow returns the user's settings for a page they follow.
	PageFollow(ctx context.Context, userID, feedID int64) (*vigil.PageFollow, error)
	// SetPageFollow stores the user's threshold and frequency for a page.
	SetPageFollow(ctx context.Context, pf vigil.PageFollow) error
	// MarkChangesSeen records that the user looked at the page's changes up
	// to changeID.
	MarkChangesSeen(ctx context.Context, userID, feedID, changeID int64) error
	// PageFollowers counts the users following a page.
	PageFollowers(ctx context.Context, feedID int64) (int, error)
}
