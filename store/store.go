// Package store defines the storage interface of vigil. Implementations live
// in sub-packages (store/sqlite); every one must pass the same behaviour.
package store

import (
	"context"
	"time"

	"vigil"
)

// Store is everything vigil keeps. Methods return *vigil.Error with
// ENOTFOUND, ECONFLICT or EINVALID where the caller asked for something
// wrong, and wrap other errors with the operation that failed.
type Store interface {
	Pages
	PlanStates

	// Close releases the store.
	Close() error

	// CreateUser stores a new user and sets its ID and CreatedAt; a taken
	// name is ECONFLICT.
	CreateUser(ctx context.Context, u *vigil.User) error
	// UserByName returns the user with that name, or ENOTFOUND.
	UserByName(ctx context.Context, name string) (*vigil.User, error)
	// UserByToken returns the user whose API token hashes to tokenHash, or ENOTFOUND.
	UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error)
	// Users lists every user by name.
	Users(ctx context.Context) ([]vigil.User, error)

	// CreateSession stores a web session (hash of its cookie value) for a
	// user until expires.
	CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error
	// SessionUser returns the user of an unexpired session, or ENOTFOUND.
	SessionUser(ctx context.Context, tokenHash string, now time.Time) (*vigil.User, error)
	// DeleteSession removes a session; a missing one is not an error.
	DeleteSession(ctx context.Context, tokenHash string) error

	// Subscribe makes the user follow url, creating the feed (due at now)
	// when no feed has that URL yet. Following it again only sets the weight.
	Subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error)
	// Unsubscribe stops the user following the feed; its items stay stored.
	Unsubscribe(ctx context.Context, userID, feedID int64) error
	// Subscriptions lists the user's subscriptions with feed state and unread
	// counts. Feed.Weight and Feed.Subscribers, totals over every follower,
	// are left zero so that no user learns about others.
	Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error)
	// Subscription returns one of the user's subscriptions (without the
	// totals over followers, as Subscriptions), or ENOTFOUND.
	Subscription(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error)

	// Feed returns a feed with its derived fields, or ENOTFOUND.
	Feed(ctx context.Context, id int64) (*vigil.Feed, error)
	// Feeds lists every feed with its derived fields, by ID.
	Feeds(ctx context.Context) ([]vigil.Feed, error)
	// DueFeeds lists up to limit feeds that have subscribers and whose
	// NextFetch is at or before now, earliest first.
	DueFeeds(ctx context.Context, now time.Time, limit int) ([]vigil.Feed, error)
	// FetchList lists the feeds a fetch pass fetches, by the least it needs
	// of each: every followed feed by ID when all is set, else the feeds
	// DueFeeds lists at now without a limit, in its order.
	FetchList(ctx context.Context, now time.Time, all bool) ([]FeedRef, error)
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
	// MoveFeed records a permanent redirect of a feed to newURL and leaves a
	// notice for each subscriber. When another feed already has newURL the
	// subscriptions move to it, together with the old feed's items the
	// target lacks (by key) and their read states.
	MoveFeed(ctx context.Context, feedID int64, newURL string, now time.Time) error

	// Items lists items newest first (by published time, else first seen).
	Items(ctx context.Context, q vigil.ItemQuery) ([]vigil.Item, error)
	// Item returns one item of a feed the user follows (any item when
	// userID is 0), or ENOTFOUND.
	Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error)
	// MarkRead sets the read state of items for a user; items of feeds the
	// user does not follow are ENOTFOUND.
	MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error

	// Observations lists a feed's latest observations, newest first.
	Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error)
	// CountFetchesSince counts observations at or after t over all feeds, so
	// that the fetch budget survives a restart.
	CountFetchesSince(ctx context.Context, t time.Time) (int, error)
	// Notices lists the user's notices, newest first.
	Notices(ctx context.Context, userID int64) ([]vigil.Notice, error)

	// Ping checks that the store can be read and written to, for readiness
	// checks; it changes nothing.
	Ping(ctx context.Context) error
	// CountDue counts the feeds DueFeeds would list at now without a limit:
	// the backlog of due fetches.
	CountDue(ctx context.Context, now time.Time) (int, error)
	// CountItemsAfter counts the stored items whose ID is above after: how
	// far the profiler, at its watermark, lags behind.
	CountItemsAfter(ctx context.Context, after int64) (int, error)

	// RecordAccess notes that the user looked at their items at t.
	RecordAccess(ctx context.Context, userID int64, t time.Time) error
	// Accesses returns every user's access times at or after since, oldest
	// first, by user ID: what the planner learns readers' habits from.
	Accesses(ctx context.Context, since time.Time) (map[int64][]time.Time, error)
	// PruneAccesses deletes accesses before t and returns how many went.
	PruneAccesses(ctx context.Context, before time.Time) (int64, error)
	// Readers lists every subscription as (user, feed, weight).
	Readers(ctx context.Context) ([]vigil.Reader, error)

	// StarItems stars or unstars items for a user; items of feeds the user
	// does not follow are ENOTFOUND.
	StarItems(ctx context.Context, userID int64, itemIDs []int64, starred bool) error
	// MarkOpened records that the user opened an item at t (it also marks
	// it read): opened and starred items teach the user's interests.
	MarkOpened(ctx context.Context, userID, itemID int64, t time.Time) error
	// InterestItems lists the items the user opened or starred, most
	// recently opened first (starred ones never opened last), at most limit.
	InterestItems(ctx context.Context, userID int64, limit int) ([]vigil.Item, error)
	// SetInterests stores the user's free-text interests.
	SetInterests(ctx context.Context, userID int64, text string) error
	// SearchItems ranks the items of the feeds the user follows (every item
	// when userID is 0) by full-text relevance to query, best first. The
	// query is plain words (every word must occur, prefixes with a trailing
	// *, phrases in double quotes); a query with no word is EINVALID.
	SearchItems(ctx context.Context, userID int64, query string, limit int) ([]vigil.Item, error)

	// ItemsAfter returns up to limit stored items with an ID above after, in
	// ID order, with feed ID, title, summary and content: what the profiler
	// folds into channel profiles.
	ItemsAfter(ctx context.Context, after int64, limit int) ([]vigil.Item, error)
	// LoadProfilerState reads what the profiler saved, in one snapshot,
	// handing it to l as it reads (a large state is never held whole):
	// the last item ID folded in and the corpus size, then every term's
	// document frequency in bytewise term order, then every channel's
	// opaque state. An error from l stops the reading and is returned.
	LoadProfilerState(ctx context.Context, l ProfilerLoader) error
	// SaveProfiles stores one profiler step atomically.
	SaveProfiles(ctx context.Context, b ProfileBatch) error
	// Profile returns a feed's profile, or ENOTFOUND when it has none yet.
	Profile(ctx context.Context, feedID int64) (*vigil.Profile, error)
	// Profiles returns every stored profile, by feed ID order.
	Profiles(ctx context.Context) ([]vigil.Profile, error)

	// Reading is folders and stream listings for reader apps (reading.go).
	Reading
	// Activity is the install's recent fetches per hour (activity.go).
	Activity
}

// ProfilerLoader receives a saved profiler state from LoadProfilerState,
// in the order of its methods.
type ProfilerLoader interface {
	// Head receives the last item ID folded in, the number of items in
	// the corpus (the N of idf) and the number of terms that follow, once,
	// first.
	Head(through, documents, terms int64) error
	// Term receives one term's document frequency.
	Term(term string, df int64) error
	// Channel receives one feed's opaque profile state; the loader may
	// keep state, which is its own.
	Channel(feedID int64, state []byte) error
}

// ProfilerState is a profiler's saved state read whole, for tests and
// tools; the profiler itself loads it piece by piece.
type ProfilerState struct {
	Through   int64            // the last item ID folded in
	Documents int64            // items in the corpus (the N of idf)
	DF        map[string]int64 // document frequency of each term
	Channels  map[int64][]byte // each feed's opaque profile state
}

// Head records the watermark and the corpus size.
func (s *ProfilerState) Head(through, documents, terms int64) error {
	s.Through, s.Documents = through, documents
	return nil
}

// Term records one term's document frequency.
func (s *ProfilerState) Term(term string, df int64) error {
	s.DF[term] = df
	return nil
}

// Channel records one channel's state.
func (s *ProfilerState) Channel(feedID int64, state []byte) error {
	s.Channels[feedID] = state
	return nil
}

// ReadProfilerState reads the whole saved state of st's profiler; a store
// the profiler never wrote to gives zeros and empty, non-nil maps.
func ReadProfilerState(ctx context.Context, st interface {
	LoadProfilerState(context.Context, ProfilerLoader) error
}) (*ProfilerState, error) {
	s := &ProfilerState{DF: map[string]int64{}, Channels: map[int64][]byte{}}
	if err := st.LoadProfilerState(ctx, s); err != nil {
		return nil, err
	}
	return s, nil
}

// ProfileBatch is one profiler step: it moves the watermark to Through,
// sets the corpus size, adds DFDelta to the document frequencies (a term
// whose frequency falls to zero is dropped) and replaces the given
// channels' states and profiles.
type ProfileBatch struct {
	Through   int64
	Documents int64
	DFDelta   map[string]int64
	Channels  []ChannelProfile
}

// ChannelProfile is one channel's profile and the opaque state it is
// rebuilt from.
type ChannelProfile struct {
	Profile vigil.Profile
	State   []byte
}
