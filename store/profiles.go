package store

import (
	"context"

	"vigil"
)

// Profiling is what the profiler keeps and reads: the items it folds into
// channel profiles, its saved state, the profiles themselves, and each
// user's interests that recommendations start from.
type Profiling interface {
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

	// InterestItems lists the items the user opened or starred, most
	// recently opened first (starred ones never opened last), at most limit.
	InterestItems(ctx context.Context, userID int64, limit int) ([]vigil.Item, error)
	// SetInterests stores the user's free-text interests.
	SetInterests(ctx context.Context, userID int64, text string) error
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
