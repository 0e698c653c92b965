package store

import (
	"context"
	"encoding/json"
	"time"

	"vigil"
)

// PageHistory is what watched pages went through: their versions, the
// changes between them, each follower group's changes and the users'
// evaluations of them.
type PageHistory interface {
	// LatestVersion returns the page's newest version with its body and
	// extract, or ENOTFOUND when it has none.
	LatestVersion(ctx context.Context, feedID int64) (*vigil.PageVersion, error)
	// Version returns one version with its body and extract, or ENOTFOUND.
	Version(ctx context.Context, versionID int64) (*vigil.PageVersion, error)
	// VersionExtract returns one version with its extract and without its
	// body (Body nil), or ENOTFOUND: what measuring a new version against
	// it needs when its extract can be used, without reading and
	// inflating a body of up to the fetch cap.
	VersionExtract(ctx context.Context, versionID int64) (*vigil.PageVersion, error)
	// VersionAt returns the version of the page current at t (the newest
	// stored at or before t) with body and extract, or ENOTFOUND.
	VersionAt(ctx context.Context, feedID int64, t time.Time) (*vigil.PageVersion, error)
	// Versions lists a page's versions, newest first, without bodies.
	Versions(ctx context.Context, feedID int64, limit int) ([]vigil.PageVersion, error)

	// IngestPage stores a page fetch in one transaction: the observation
	// (NewItems 1 when it brought a change), the version and change when
	// p.Version is set, and the feed state decide returns, as Ingest does.
	IngestPage(ctx context.Context, p PageFetched, decide func(changed bool, f *vigil.Feed) (*vigil.Feed, error)) (PageIngested, error)
	// AddGroupChange stores a change a weekly or monthly group sees, from
	// c.PrevID to versionID, unless that group already has it.
	AddGroupChange(ctx context.Context, feedID int64, group string, versionID int64, c NewChange, at time.Time) (int64, error)

	// Changes lists changes newest first: of one page when q.FeedID is set,
	// of the pages the user follows when q.UserID is set, for q.Group.
	Changes(ctx context.Context, q ChangeQuery) ([]vigil.PageChange, error)
	// Change returns one change with its evaluations, or ENOTFOUND; with a
	// userID, only a change of a page the user follows.
	Change(ctx context.Context, userID, changeID int64) (*vigil.PageChange, error)
	// Evaluate records (or replaces) the user's rating of a change of a
	// page the user follows.
	Evaluate(ctx context.Context, e vigil.Evaluation) error
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
	// Withheld are the followers whose conditions the change does not
	// meet: no message is queued for them and they are not told of it.
	Withheld []int64
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
