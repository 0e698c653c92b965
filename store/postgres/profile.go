package postgres

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// profileColumns are the columns store.ScanProfile reads, in order.
const profileColumns = `feed_id, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated`

// LoadProfilerState reads what the profiler saved in one repeatable-read
// snapshot, handing it to l row by row: the watermark and corpus size,
// every term's document frequency in bytewise term order (COLLATE "C")
// and every channel's state, by feed ID.
func (db *DB) LoadProfilerState(ctx context.Context, l store.ProfilerLoader) error {
	tx, err := db.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return wrap("read profiler state", err)
	}
	defer tx.Rollback(ctx)
	var through, documents, terms int64
	err = tx.QueryRow(ctx, `SELECT through, documents, (SELECT count(*) FROM term_df) FROM profiler WHERE id = 1`).
		Scan(&through, &documents, &terms)
	if err != nil {
		return wrap("read profiler state", err)
	}
	if err := l.Head(through, documents, terms); err != nil {
		return err
	}
	if err := eachRow(ctx, tx, `SELECT term, df FROM term_df ORDER BY term COLLATE "C"`, l.Term); err != nil {
		return wrap("read document frequencies", err)
	}
	if err := eachRow(ctx, tx, `SELECT feed_id, state FROM profiles ORDER BY feed_id`, l.Channel); err != nil {
		return wrap("read channel states", err)
	}
	return nil
}

// eachRow hands the two columns of every row of query to fn, stopping at
// its first error.
func eachRow[K, V any](ctx context.Context, tx pgx.Tx, query string, fn func(K, V) error) error {
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
// is skipped. Negative Through or Documents, a term that is not valid UTF-8
// (or holds a NUL), a channel without a feed ID and a profile with a number
// that is not finite are EINVALID; then, as on any failure, nothing is
// stored.
func (db *DB) SaveProfiles(ctx context.Context, b store.ProfileBatch) error {
	if err := store.CheckProfileBatch(b, storable); err != nil {
		return err
	}
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return wrap("save profiles", err)
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, `UPDATE profiler SET through = $1, documents = $2 WHERE id = 1`, b.Through, b.Documents)
	if err != nil {
		return wrap("save profiler watermark", err)
	}
	if err := addDF(ctx, tx, b.DFDelta); err != nil {
		return wrap("save document frequencies", err)
	}
	if err := saveChannels(ctx, tx, b.Channels); err != nil {
		return wrap("save channel profiles", err)
	}
	return wrapIf("save profiles", tx.Commit(ctx))
}

// addDF adds delta to the document frequencies in two statements, the
// changes passed as two arrays, and drops the terms the negative changes
// took to zero or below.
func addDF(ctx context.Context, tx pgx.Tx, delta map[string]int64) error {
	if len(delta) == 0 {
		return nil
	}
	terms, counts := make([]string, 0, len(delta)), make([]int64, 0, len(delta))
	for t, n := range delta {
		terms, counts = append(terms, t), append(counts, n)
	}
	_, err := tx.Exec(ctx,
		`INSERT INTO term_df (term, df) SELECT t, n FROM unnest($1::text[], $2::bigint[]) AS d(t, n) WHERE n <> 0
		 ON CONFLICT (term) DO UPDATE SET df = term_df.df + excluded.df`, terms, counts)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx,
		`DELETE FROM term_df WHERE df <= 0 AND term IN (SELECT t FROM unnest($1::text[], $2::bigint[]) AS d(t, n) WHERE n < 0)`,
		terms, counts)
	return err
}

// saveChannels replaces the state and profile of each channel whose feed
// still exists.
func saveChannels(ctx context.Context, tx pgx.Tx, channels []store.ChannelProfile) error {
	for _, c := range channels {
		p := c.Profile
		terms, err := json.Marshal(store.TermsOrEmpty(p.Terms))
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx,
			`INSERT INTO profiles (feed_id, state, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated)
			 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM feeds WHERE id = $1)
			 ON CONFLICT (feed_id) DO UPDATE SET state = excluded.state, terms = excluded.terms,
				cohesion = excluded.cohesion, cohesion_sd = excluded.cohesion_sd, items = excluded.items,
				novel = excluded.novel, novel_rate = excluded.novel_rate, updated = excluded.updated`,
			p.FeedID, c.State, clean(string(terms)), p.Cohesion, p.CohesionSD, p.Items, p.Novel, p.NovelRate, store.Nanos(p.Updated))
		if err != nil {
			return err
		}
	}
	return nil
}

// Profile returns a feed's profile, or ENOTFOUND when it has none yet.
func (db *DB) Profile(ctx context.Context, feedID int64) (*vigil.Profile, error) {
	p, err := store.ScanProfile(db.pool.QueryRow(ctx, `SELECT `+profileColumns+` FROM profiles WHERE feed_id = $1`, feedID))
	return found(p, err, "read profile", "feed %d has no profile", feedID)
}

// Profiles returns every stored profile, by feed ID.
func (db *DB) Profiles(ctx context.Context) ([]vigil.Profile, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+profileColumns+` FROM profiles ORDER BY feed_id`)
	return list(rows, err, "list profiles", store.ScanProfile)
}
