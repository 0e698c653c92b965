package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"vigil"
	"vigil/store"
)

// IngestPage stores a page fetch in one transaction: the observation
// (NewItems 1 when a change was stored), the body once per distinct hash,
// the version, the change and the feed state decide returns given the feed
// as stored now. If decide fails nothing is stored.
func (db *DB) IngestPage(ctx context.Context, p store.PageFetched, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) (store.PageIngested, error) {
	if err := store.CheckPageFetched(p); err != nil {
		return store.PageIngested{}, err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return store.PageIngested{}, wrap("begin page ingest", err)
	}
	defer tx.Rollback()
	if ok, err := isPage(ctx, tx, p.FeedID); err != nil || !ok {
		if err == nil {
			err = vigil.Errorf(vigil.ENOTFOUND, "feed %d is not a watched page", p.FeedID)
		}
		return store.PageIngested{}, err
	}
	got, err := storeVersion(ctx, tx, p)
	if err != nil {
		return store.PageIngested{}, err
	}
	if err := storePageFetch(ctx, tx, db.stmts.in(ctx, tx), p, got.ChangeID != 0, decide); err != nil {
		return store.PageIngested{}, err
	}
	if err := tx.Commit(); err != nil {
		return store.PageIngested{}, wrap("commit page ingest", err)
	}
	return got, nil
}

// storePageFetch stores the observation, the page's note and the feed state.
func storePageFetch(ctx context.Context, tx *sql.Tx, st txStmts, p store.PageFetched, changed bool, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) error {
	o := store.PageObservation(p, changed)
	if _, err := insertObservation(ctx, st.insertObservation, p.FeedID, o); err != nil {
		return wrap("store observation", err)
	}
	if p.Read {
		if _, err := tx.ExecContext(ctx, `UPDATE pages SET content_type = ?, note = ? WHERE feed_id = ?`, p.ContentType, p.Note, p.FeedID); err != nil {
			return wrap("store page note", err)
		}
	}
	if p.Noise != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE pages SET noise = ? WHERE feed_id = ?`, []byte(p.Noise), p.FeedID); err != nil {
			return wrap("store page noise", err)
		}
	}
	current, err := store.ScanFeed(tx.QueryRowContext(ctx, `SELECT `+feedColumns+` FROM feeds f WHERE f.id = ?`, p.FeedID))
	if err != nil {
		return wrap("read feed state in page ingest", err)
	}
	feed, err := decide(changed, current)
	if err != nil {
		return fmt.Errorf("sqlite: unable to ingest page %d: decide: %w", p.FeedID, err)
	}
	return saveFeedState(ctx, st, p.FeedID, feed)
}

// storeVersion stores the body (once per hash), the version and the change,
// unless the latest version, read inside the transaction, already has these
// bytes.
func storeVersion(ctx context.Context, tx *sql.Tx, p store.PageFetched) (store.PageIngested, error) {
	v := p.Version
	if v == nil {
		return store.PageIngested{}, nil
	}
	if err := store.CheckPageVersion(p); err != nil {
		return store.PageIngested{}, err
	}
	var got store.PageIngested
	var latest string
	err := tx.QueryRowContext(ctx, `SELECT hash FROM page_versions WHERE feed_id = ? ORDER BY id DESC LIMIT 1`, p.FeedID).Scan(&latest)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return got, wrap("read latest page version", err)
	}
	if latest == v.Hash {
		return got, nil // another fetch stored these bytes meanwhile: no second version
	}
	added, err := storeBlob(ctx, tx, v.Hash, v.Body)
	if err != nil {
		return got, err
	}
	got.NewBytes = added
	extract, err := store.Deflate(v.Extract)
	if err != nil {
		return got, wrap("compress page extract", err)
	}
	at := store.Nanos(p.Observation.At)
	res, err := tx.ExecContext(ctx, `INSERT INTO page_versions (feed_id, at, hash, content_type, extract) VALUES (?, ?, ?, ?, ?)`,
		p.FeedID, at, v.Hash, v.ContentType, extract)
	if err != nil {
		return got, wrap("store page version", err)
	}
	if got.VersionID, err = res.LastInsertId(); err != nil {
		return got, wrap("store page version", err)
	}
	if c := v.Change; c != nil {
		res, err := tx.ExecContext(ctx, `INSERT INTO page_changes (feed_id, version_id, prev_id, at, extents, severity, summary)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, p.FeedID, got.VersionID, c.PrevID, at, string(c.Extents), c.Severity, c.Summary)
		if err != nil {
			return got, wrap("store page change", err)
		}
		if got.ChangeID, err = res.LastInsertId(); err != nil {
			return got, wrap("store page change", err)
		}
	}
	return got, nil
}

// storeBlob stores a compressed body under its hash unless stored already,
// and returns the compressed bytes it added.
func storeBlob(ctx context.Context, tx *sql.Tx, hash string, body []byte) (int64, error) {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM page_blobs WHERE hash = ?`, hash).Scan(&one)
	if err == nil {
		return 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, wrap("look up page body", err)
	}
	data, err := store.Deflate(body)
	if err != nil {
		return 0, wrap("compress page body", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO page_blobs (hash, size, data) VALUES (?, ?, ?)`, hash, len(body), data); err != nil {
		return 0, wrap("store page body", err)
	}
	return int64(len(data)), nil
}

// versionColumns are the columns store.ScanVersion reads for a version v joined
// to its blob b.
const versionColumns = `v.id, v.feed_id, v.at, v.hash, b.size, v.content_type`

// LatestVersion returns the page's newest version with body and extract.
func (db *DB) LatestVersion(ctx context.Context, feedID int64) (*vigil.PageVersion, error) {
	return db.fullVersion(ctx, `v.feed_id = ? ORDER BY v.id DESC LIMIT 1`, feedID)
}

// VersionAt returns the version current at t, with body and extract.
func (db *DB) VersionAt(ctx context.Context, feedID int64, t time.Time) (*vigil.PageVersion, error) {
	row := db.read.QueryRowContext(ctx, `SELECT `+versionColumns+`, b.data, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = ? AND v.at <= ? ORDER BY v.at DESC, v.id DESC LIMIT 1`, feedID, store.Nanos(t))
	return finishVersion(row)
}

// Version returns one version with body and extract.
func (db *DB) Version(ctx context.Context, versionID int64) (*vigil.PageVersion, error) {
	return db.fullVersion(ctx, `v.id = ?`, versionID)
}

// fullVersion reads the version the where clause selects, decompressed.
func (db *DB) fullVersion(ctx context.Context, where string, arg int64) (*vigil.PageVersion, error) {
	row := db.read.QueryRowContext(ctx, `SELECT `+versionColumns+`, b.data, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE `+where, arg)
	return finishVersion(row)
}

// finishVersion reads a version with its body and extract.
func finishVersion(row store.Row) (*vigil.PageVersion, error) {
	v, err := store.ScanFullVersion(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no page version found")
	}
	return v, wrapIf("read page version", err)
}

// Versions lists a page's versions newest first, without bodies.
func (db *DB) Versions(ctx context.Context, feedID int64, limit int) ([]vigil.PageVersion, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := db.read.QueryContext(ctx, `SELECT `+versionColumns+`
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = ? ORDER BY v.id DESC LIMIT ?`, feedID, limit)
	return list(rows, err, "list page versions", func(r store.Row) (*vigil.PageVersion, error) { return store.ScanVersion(r) })
}

// DuplicatePage returns the lowest-numbered other page whose latest version
// has hash and that someone still follows (a page merged away has no
// follower left), or ENOTFOUND.
func (db *DB) DuplicatePage(ctx context.Context, feedID int64, hash string) (int64, error) {
	var id int64
	err := db.read.QueryRowContext(ctx, `SELECT v.feed_id FROM page_versions v
		WHERE v.hash = ? AND v.feed_id != ?
		AND v.id = (SELECT max(id) FROM page_versions w WHERE w.feed_id = v.feed_id)
		AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = v.feed_id)
		ORDER BY v.feed_id LIMIT 1`, hash, feedID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "no other page has this content")
	}
	if err != nil {
		return 0, wrap("look for duplicate page", err)
	}
	return id, nil
}
