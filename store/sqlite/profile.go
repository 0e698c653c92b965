package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"vigil"
	"vigil/store"
)

// profileColumns are the columns store.ScanProfile reads, in order.
const profileColumns = `feed_id, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated`

// LoadProfilerState reads what the profiler saved in one snapshot, handing
// it to l row by row: the watermark and corpus size, every term's document
// frequency in term order (the table's key order, bytewise) and every
// channel's state, by feed ID. The state is read once, in order, through a
// reading connection whose file mapping is turned off meanwhile: mapped,
// the tens of megabytes it reads would stay in the process's resident set
// for nothing.
func (db *DB) LoadProfilerState(ctx context.Context, l store.ProfilerLoader) error {
	conn, err := db.read.Conn(ctx)
	if err != nil {
		return wrap("read profiler state", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA mmap_size = 0`); err != nil {
		return wrap("read profiler state", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("PRAGMA mmap_size = %d", db.mmap))
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return wrap("read profiler state", err)
	}
	defer tx.Rollback()
	var through, documents, terms int64
	err = tx.QueryRowContext(ctx, `SELECT through, documents, (SELECT count(*) FROM term_df) FROM profiler WHERE id = 1`).
		Scan(&through, &documents, &terms)
	if err != nil {
		return wrap("read profiler state", err)
	}
	if err := l.Head(through, documents, terms); err != nil {
		return err
	}
	if err := eachRow(ctx, tx, `SELECT term, df FROM term_df ORDER BY term`, l.Term); err != nil {
		return wrap("read document frequencies", err)
	}
	if err := eachRow(ctx, tx, `SELECT feed_id, state FROM profiles ORDER BY feed_id`, l.Channel); err != nil {
		return wrap("read channel states", err)
	}
	return nil
}

// eachRow hands the two columns of every row of query to fn, stopping at
// its first error.
func eachRow[K, V any](ctx context.Context, tx *sql.Tx, query string, fn func(K, V) error) error {
	rows, err := tx.QueryContext(ctx, query)
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
// or Documents, a term that is not valid UTF-8, a channel without a feed ID
// and a profile with a number that is not finite are EINVALID; then, as on
// any failure, nothing is stored.
func (db *DB) SaveProfiles(ctx context.Context, b store.ProfileBatch) error {
	if err := store.CheckProfileBatch(b, nil); err != nil {
		return err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return wrap("save profiles", err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `UPDATE profiler SET through = ?, documents = ? WHERE id = 1`, b.Through, b.Documents)
	if err != nil {
		return wrap("save profiler watermark", err)
	}
	if err := addDF(ctx, tx, b.DFDelta); err != nil {
		return wrap("save document frequencies", err)
	}
	if err := saveChannels(ctx, tx, b.Channels); err != nil {
		return wrap("save channel profiles", err)
	}
	if err := tx.Commit(); err != nil {
		return wrap("save profiles", err)
	}
	return nil
}

// addDF adds delta to the document frequencies in two statements, the
// changes passed as one JSON object, and drops the terms the negative
// changes took to zero or below.
func addDF(ctx context.Context, tx *sql.Tx, delta map[string]int64) error {
	if len(delta) == 0 {
		return nil
	}
	arg, err := json.Marshal(delta)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO term_df (term, df) SELECT key, value FROM json_each(?) WHERE value <> 0
		 ON CONFLICT (term) DO UPDATE SET df = df + excluded.df`, string(arg))
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx,
		`DELETE FROM term_df WHERE df <= 0 AND term IN (SELECT key FROM json_each(?) WHERE value < 0)`, string(arg))
	return err
}

// saveChannels replaces the state and profile of each channel whose feed
// still exists.
func saveChannels(ctx context.Context, tx *sql.Tx, channels []store.ChannelProfile) error {
	if len(channels) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx,
		`INSERT INTO profiles (feed_id, state, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated)
		 SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE EXISTS (SELECT 1 FROM feeds WHERE id = ?1)
		 ON CONFLICT (feed_id) DO UPDATE SET state = excluded.state, terms = excluded.terms,
			cohesion = excluded.cohesion, cohesion_sd = excluded.cohesion_sd, items = excluded.items,
			novel = excluded.novel, novel_rate = excluded.novel_rate, updated = excluded.updated`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, c := range channels {
		p := c.Profile
		terms, err := json.Marshal(store.TermsOrEmpty(p.Terms))
		if err != nil {
			return err
		}
		_, err = stmt.ExecContext(ctx, p.FeedID, c.State, string(terms), p.Cohesion, p.CohesionSD,
			p.Items, p.Novel, p.NovelRate, store.Nanos(p.Updated))
		if err != nil {
			return err
		}
	}
	return nil
}

// Profile returns a feed's profile, or ENOTFOUND when it has none yet.
func (db *DB) Profile(ctx context.Context, feedID int64) (*vigil.Profile, error) {
	row := db.read.QueryRowContext(ctx, `SELECT `+profileColumns+` FROM profiles WHERE feed_id = ?`, feedID)
	p, err := store.ScanProfile(row)
	return found(p, err, "read profile", "feed %d has no profile", feedID)
}

// Profiles returns every stored profile, by feed ID.
func (db *DB) Profiles(ctx context.Context) ([]vigil.Profile, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+profileColumns+` FROM profiles ORDER BY feed_id`)
	return list(rows, err, "list profiles", store.ScanProfile)
}
