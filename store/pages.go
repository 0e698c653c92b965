package store

import (
	"context"
	"encoding/json"
	"time"

	"vigil"
)

// Pages is what vigil keeps of watched web pages (Glance et al.): which
// feed rows are pages, their versions, the changes between them, the
// followers' settings and evaluations. Store embeds it, so every store
// implementation provides it.
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
	// SetPageKinds sets the kinds of change monitored; only the page's
	// owner may (anyone else is ECONFLICT).
	SetPageKinds(ctx context.Context, userID, feedID int64, kinds []string) error
	// SetPageSelector sets the CSS selector of the watched region ("" for
	// the whole page); only the page's owner may (ECONFLICT otherwise).
	SetPageSelector(ctx context.Context, userID, feedID int64, selector string) error
	// SetPageIgnore sets the page's ignore rules (regular expressions,
	// checked by the caller); only the owner may (ECONFLICT otherwise).
	SetPageIgnore(ctx context.Context, userID, feedID int64, rules []string) error
	// SetPageNote records the page's content type and what vigil could
	// not do with it ("" when nothing).
	SetPageNote(ctx context.Context, feedID int64, contentType, note string) error
	// LatestVersion returns the page's newest version with its body and
	// extract, or ENOTFOUND when it has none.
	LatestVersion(ctx context.Context, feedID int64) (*vigil.PageVersion, error)
	// Version returns one version with its body and extract, or ENOTFOUND.
	Version(ctx context.Context, versionID int64) (*vigil.PageVersion, error)
	// VersionAt returns the version of the page current at t (the newest
	// stored at or before t) with body and extract, or ENOTFOUND.
	VersionAt(ctx context.Context, feedID int64, t time.Time) (*vigil.PageVersion, error)
	// AddGroupChange stores a change a weekly or monthly group sees, from
	// c.PrevID to versionID, unless that group already has it.
	AddGroupChange(ctx context.Context, feedID int64, group string, versionID int64, c NewChange, at time.Time) (int64, error)
	// Versions lists a page's versions, newest first, without bodies.
	Versions(ctx context.Context, feedID int64, limit int) ([]vigil.PageVersion, error)
	// IngestPage stores a page fetch in one transaction: the observation
	// (NewItems 1 when it brought a change), the version and change when
	// p.Version is set, and the feed state decide returns, as Ingest does.
	IngestPage(ctx context.Context, p PageFetched, decide func(changed bool, f *vigil.Feed) (*vigil.Feed, error)) (PageIngested, error)

	// Changes lists changes newest first: of one page when q.FeedID is set,
	// of the pages the user follows when q.UserID is set, for q.Group.
	Changes(ctx context.Context, q ChangeQuery) ([]vigil.PageChange, error)
	// Change returns one change with its evaluations, or ENOTFOUND; with a
	// userID, only a change of a page the user follows.
	Change(ctx context.Context, userID, changeID int64) (*vigil.PageChange, error)
	// Evaluate records (or replaces) the user's rating of a change of a
	// page the user follows.
	Evaluate(ctx context.Context, e vigil.Evaluation) error

	// PageFollow returns the user's settings for a page they follow.
	PageFollow(ctx context.Context, userID, feedID int64) (*vigil.PageFollow, error)
	// SetPageFollow stores the user's threshold and frequency for a page.
	SetPageFollow(ctx context.Context, pf vigil.PageFollow) error
	// MarkChangesSeen records that the user looked at the page's changes up
	// to changeID.
	MarkChangesSeen(ctx context.Context, userID, feedID, changeID int64) error
	// PageFollowers counts the users following a page.
	PageFollowers(ctx context.Context, feedID int64) (int, error)
	// DuplicatePage returns another page whose latest version has the
	// given hash, or ENOTFOUND.
	DuplicatePage(ctx context.Context, feedID int64, hash string) (int64, error)

	// AddNotice leaves a notice for a user, unless the user already has
	// one with the same text.
	AddNotice(ctx context.Context, userID int64, text string, at time.Time) error

	// DigestSettings returns a user's digest settings, or ENOTFOUND.
	DigestSettings(ctx context.Context, userID int64) (*vigil.DigestSettings, error)
	// SetDigestSettings stores a user's e-mail address, opt-out and webhook.
	SetDigestSettings(ctx context.Context, d vigil.DigestSettings) error
	// AllDigestSettings lists every user's digest settings, by user ID.
	AllDigestSettings(ctx context.Context) ([]vigil.DigestSettings, error)
	// ClaimDigest records that the user's digest of day (YYYY-MM-DD) is
	// sent, and reports false when it already was.
	ClaimDigest(ctx context.Context, userID int64, day string) (bool, error)
	// ReleaseDigest forgets a claim whose sending failed, so it is retried.
	ReleaseDigest(ctx context.Context, userID int64, day string) error
	// LastDigestDay returns the latest day (YYYY-MM-DD) any user's digest
	// was claimed for, or "" when none ever was.
	LastDigestDay(ctx context.Context) (string, error)
}

// PageFetched is one fetch of a page.
type PageFetched struct {
	FeedID      int64
	Observation vigil.Observation
	// Version is the new version, nil when the fetch failed or the body
	// equals the latest version's.
	Version *NewVersion
	// Read is set when a body came back; ContentType and Note (what vigil
	// could not do with it, "" when nothing) then replace the page's.
	Read        bool
	ContentType string
	Note        string
	// Noise, when set, replaces the page's noise statistics.
	Noise json.RawMessage
}

// NewVersion is a version to store, with the change from the previous one
// (Change nil for a page's first version).
type NewVersion struct {
	Hash        string
	ContentType string
	Body        []byte
	Extract     json.RawMessage
	Change      *NewChange
}

// NewChange is the agent's measurement of a change.
type NewChange struct {
	PrevID   int64
	Extents  json.RawMessage
	Severity string
	Summary  string
}

// PageIngested reports what storing a page fetch added.
type PageIngested struct {
	VersionID int64 // 0 when no version was stored
	ChangeID  int64 // 0 when no change was stored
	// NewBytes is what the version added to storage: 0 when its body was
	// already stored (the same content seen before, on any page).
	NewBytes int64
}

// ChangeQuery selects changes.
type ChangeQuery struct {
	UserID int64
	FeedID int64
	// Group is daily, weekly or monthly; "" means each page's changes for
	// the user's group of that page (daily without a user).
	Group string
	// Since and Until bound the change times (zero: unbounded).
	Since, Until time.Time
	Limit        int
}
