package sqlflow

import (
	"context"
	"encoding/json"

	"vigil"
	"vigil/store"
)

// ProfileSQL is the text of the profiler's statements.
type ProfileSQL struct {
	// Head returns the watermark, the corpus size and the number of terms.
	Head string
	// Terms returns (term, df) in bytewise term order.
	Terms string
	// Channels returns (feed, state) by feed ID.
	Channels string
	// SetHead sets the watermark $1 and corpus size $2.
	SetHead string
	// AddDF adds the document frequency changes (Dialect.TermDeltas) but
	// the zero ones.
	AddDF string
	// DropDF drops the terms the negative changes (Dialect.TermDeltas)
	// took to zero or below.
	DropDF string
	// SaveChannel stores the state and profile (feed, state, terms JSON,
	// cohesion, its standard deviation, items, novel, novel rate, updated)
	// of a channel whose feed exists, replacing what was stored.
	SaveChannel string
	// ByFeed returns the profile of the feed $1 for store.ScanProfile.
	ByFeed string
	// List returns every profile by feed ID for store.ScanProfile.
	List string
}

// LoadProfilerState reads what the profiler saved in one snapshot (see
// Conn.Snapshot), handing it to l row by row: the watermark and corpus
// size, every term's document frequency in bytewise term order and every
// channel's state, by feed ID.
func (s *Store) LoadProfilerState(ctx context.Context, l store.ProfilerLoader) error {
	q := &s.sql.Profile
	tx, err := s.conn.Snapshot(ctx)
	if err != nil {
		return s.d.Wrap("read profiler state", err)
	}
	defer tx.Rollback(ctx)
	var through, documents, terms int64
	if err := tx.QueryRow(ctx, q.Head).Scan(&through, &documents, &terms); err != nil {
		return s.d.Wrap("read profiler state", err)
	}
	if err := l.Head(through, documents, terms); err != nil {
		return err
	}
	if err := eachRow(ctx, tx, q.Terms, l.Term); err != nil {
		return s.d.Wrap("read document frequencies", err)
	}
	if err := eachRow(ctx, tx, q.Channels, l.Channel); err != nil {
		return s.d.Wrap("read channel states", err)
	}
	return nil
}

// eachRow hands the two columns of every row of query to fn, stopping at
// its first error.
func eachRow[K, V any](ctx context.Context, tx Tx, query string, fn func(K, V) error) error {
	rows, err := tx.Query(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.EachPair(rows, fn)
}

// SaveProfiles stores one profiler step in one transaction: the watermark
// and corpus size, the document frequency changes (a term whose frequency
// falls to zero or below is dropped) and each channel's state and profile,
// replacing what was stored for it. A channel whose feed no longer exists
// (deleted since the profiler read its items) is skipped. Negative Through
// or Documents, a term that is not valid UTF-8 (or that the store's text
// cannot hold), a channel without a feed ID and a profile with a number
// that is not finite are EINVALID; then, as on any failure, nothing is
// stored.
func (s *Store) SaveProfiles(ctx context.Context, b store.ProfileBatch) error {
	if err := store.CheckProfileBatch(b, s.d.Storable); err != nil {
		return err
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return s.d.Wrap("save profiles", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, s.sql.Profile.SetHead, b.Through, b.Documents); err != nil {
		return s.d.Wrap("save profiler watermark", err)
	}
	if err := s.addDF(ctx, tx, b.DFDelta); err != nil {
		return s.d.Wrap("save document frequencies", err)
	}
	if err := s.saveChannels(ctx, tx, b.Channels); err != nil {
		return s.d.Wrap("save channel profiles", err)
	}
	return s.d.WrapIf("save profiles", tx.Commit(ctx))
}

// addDF adds delta to the document frequencies in two statements and drops
// the terms the negative changes took to zero or below.
func (s *Store) addDF(ctx context.Context, tx Tx, delta map[string]int64) error {
	if len(delta) == 0 {
		return nil
	}
	args, err := s.d.TermDeltas(delta)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, s.sql.Profile.AddDF, args...); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, s.sql.Profile.DropDF, args...)
	return err
}

// saveChannels replaces the state and profile of each channel whose feed
// still exists.
func (s *Store) saveChannels(ctx context.Context, tx Tx, channels []store.ChannelProfile) error {
	if len(channels) == 0 {
		return nil
	}
	stmt, err := tx.Prepare(ctx, s.sql.Profile.SaveChannel)
	if err != nil {
		return err
	}
	for _, c := range channels {
		p := c.Profile
		terms, err := json.Marshal(store.TermsOrEmpty(p.Terms))
		if err != nil {
			return err
		}
		_, err = stmt.Exec(ctx, p.FeedID, c.State, s.d.text(string(terms)), p.Cohesion, p.CohesionSD,
			p.Items, p.Novel, p.NovelRate, store.Nanos(p.Updated))
		if err != nil {
			return err
		}
	}
	return nil
}

// Profile returns a feed's profile, or ENOTFOUND when it has none yet.
func (s *Store) Profile(ctx context.Context, feedID int64) (*vigil.Profile, error) {
	p, err := store.ScanProfile(s.conn.Read().QueryRow(ctx, s.sql.Profile.ByFeed, feedID))
	return found(&s.d, p, err, "read profile", "feed %d has no profile", feedID)
}

// Profiles returns every stored profile, by feed ID.
func (s *Store) Profiles(ctx context.Context) ([]vigil.Profile, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Profile.List)
	return list(&s.d, rows, err, "list profiles", store.ScanProfile)
}
