package store

import (
	"context"
	"time"

	"vigil"
)

// Scheduling is what the monitor's fetch loop keeps: which feeds are due,
// when each is fetched next, and what each fetch brought. Coordinator
// shares the same work between processes.
type Scheduling interface {
	// DueFeeds lists up to limit feeds that have subscribers and whose
	// NextFetch is at or before now, earliest first.
	DueFeeds(ctx context.Context, now time.Time, limit int) ([]vigil.Feed, error)
	// FetchList lists the feeds a fetch pass fetches, by the least it needs
	// of each: every followed feed by ID when all is set, else the feeds
	// DueFeeds lists at now without a limit, in its order.
	FetchList(ctx context.Context, now time.Time, all bool) ([]FeedRef, error)
	// PlanFeeds lists up to limit followed feeds whose ID is above after,
	// by ID (all of them when limit ≤ 0), each with only what planning
	// reads of it: ID, CreatedAt, LastFetch, LastSuccess, NextFetch,
	// Failures, Hints, Window, Model, Subscribers and Weight as Feeds reads
	// them, the other fields zero. A re-plan reads every followed feed so,
	// a page at a time, instead of holding them all.
	PlanFeeds(ctx context.Context, after int64, limit int) ([]vigil.Feed, error)
	// FeedsToFetch returns the feeds of ids, as Subscribing's Feed reads
	// them, each with whether it is a watched page and whether it has a
	// WebSub subscription, in the IDs' order and
	// in one query: what a fetch pass reads of its next feeds before
	// fetching them. Unknown IDs are left out.
	FeedsToFetch(ctx context.Context, ids []int64) ([]FeedToFetch, error)
	// SetNextFetch reschedules a feed without recording a fetch.
	SetNextFetch(ctx context.Context, feedID int64, next time.Time) error
	// Reschedule moves a feed's next fetch from from to to only if it is
	// still from and the feed is not failing (a compare-and-set, so that a
	// plan computed from an older view never overwrites a fetch's own next
	// time or a backoff); it reports whether it moved.
	Reschedule(ctx context.Context, feedID int64, from, to time.Time) (bool, error)
	// Ingest stores a fetch in one transaction: the items (new ones
	// inserted, edited ones updated in place, repeated ones ignored), the
	// observation with its NewItems and Updated counts filled in, and the
	// feed state that decide returns given what was stored. If decide
	// returns an error nothing is stored.
	Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error)
	// RecordFetch stores a fetch that brought no items (a 304, a failure,
	// an empty feed): its observation and the feed state decided from the
	// feed as read before the fetch, both or neither, without reading the
	// feed again (on PostgreSQL one statement, where Ingest takes a
	// transaction and two round trips). An unknown feed is ENOTFOUND.
	RecordFetch(ctx context.Context, obs vigil.Observation, feed *vigil.Feed) error
	// MoveFeed records a permanent redirect of a feed to newURL and leaves a
	// notice for each subscriber. When another feed already has newURL the
	// subscriptions move to it, together with the alert rules on the old
	// feed, the old feed's items the target lacks (by key) and their read
	// states. It returns the ID of the feed that has newURL afterwards: the
	// feed's own, or the other feed's it was merged into.
	MoveFeed(ctx context.Context, feedID int64, newURL string, now time.Time) (int64, error)

	// Observations lists a feed's latest observations, newest first.
	Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error)
	// CountFetchesSince counts observations at or after t over all feeds,
	// those of content a hub pushed left out, so that the fetch budget
	// survives a restart.
	CountFetchesSince(ctx context.Context, t time.Time) (int, error)
}
