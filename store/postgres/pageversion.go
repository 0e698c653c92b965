package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// IngestPage stores a page fetch in one transaction: the observation
// (NewItems 1 when a change was stored), the body once per distinct hash,
// the version, the change and the feed state decide returns given the feed
// as stored now. The feed's row is locked first, so two workers storing
// the same page one after the other never add the same version twice. If
// decide fails nothing is stored.
func (db *DB) IngestPage(ctx context.Context, p store.PageFetched, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) (store.PageIngested, error) {
	if err := store.CheckPageFetched(p); err != nil {
		return store.PageIngested{}, err
	}
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return store.PageIngested{}, wrap("begin page ingest", err)
	}
	defer tx.Rollback(ctx)
	if err := lockFeed(ctx, tx, p.FeedID); err != nil {
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			err = vigil.Errorf(vigil.ENOTFOUND, "feed %d is not a watched page", p.FeedID)
		}
		return store.PageIngested{}, err
	}
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
	if err := storePageFetch(ctx, tx, p, got.ChangeID != 0, decide); err != nil {
		return store.PageIngested{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return store.PageIngested{}, wrap("commit page ingest", err)
	}
	return got, nil
}

// storePageFetch stores the observation, the page's note and the feed state.
func storePageFetch(ctx context.Context, tx pgx.Tx, p store.PageFetched, changed bool, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) error {
	o := store.PageObservation(p, changed)
	if err := insertObservation(ctx, tx, p.FeedID, o); err != nil {
		return wrap("store observation", err)
	}
	if p.Read {
		if _, err := tx.Exec(ctx, `UPDATE pages SET content_type = $1, note = $2 WHERE feed_id = $3`,
			clean(p.ContentType), clean(p.Note), p.FeedID); err != nil {
			return wrap("store page note", err)
		}
	}
	if p.Noise != nil {
		if _, err := tx.Exec(ctx, `UPDATE pages SET noise = $1 WHERE feed_id = $2`, []byte(p.Noise), p.FeedID); err != nil {
			return wrap("store page noise", err)
		}
	}
	current, err := store.ScanFeed(tx.QueryRow(ctx, `SELECT `+feedColumns+` FROM feeds f WHERE f.id = $1`, p.FeedID))
	if err != nil {
		return wrap("read feed state in page ingest", err)
	}
	feed, err := decide(changed, current)
	if err != nil {
		return fmt.Errorf("postgres: unable to ingest page %d: decide: %w", p.FeedID, err)
	}
	return saveFeedState(ctx, tx, p.FeedID, feed)
}

// storeVersion stores the body (once per hash), the version and the change,
// unless the latest version, read inside the transaction, already has these
// bytes.
func storeVersion(ctx context.Context, tx pgx.Tx, p store.PageFetched) (store.PageIngested, error) {
	v := p.Version
	if v == nil {
		return store.PageIngested{}, nil
	}
	if err := store.CheckPageVersion(p); err != nil {
		return store.PageIngested{}, err
	}
	var got store.PageIngested
	var latest string
	err := tx.QueryRow(ctx, `SELECT hash FROM page_versions WHERE feed_id = $1 ORDER BY id DESC LIMIT 1`, p.FeedID).Scan(&latest)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
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
	err = tx.QueryRow(ctx, `INSERT INTO page_versions (feed_id, at, hash, content_type, extract) VALUES ($1, $2, $3, $4, $5)
		RETURNING id`, p.FeedID, at, clean(v.Hash), clean(v.ContentType), extract).Scan(&got.VersionID)
	if err != nil {
		return got, wrap("store page version", err)
	}
	if c := v.Change; c != nil {
		err := tx.QueryRow(ctx, `INSERT INTO page_changes (feed_id, version_id, prev_id, at, extents, severity, summary)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			p.FeedID, got.VersionID, c.PrevID, at, clean(string(c.Extents)), clean(c.Severity), clean(c.Summary)).Scan(&got.ChangeID)
		if err != nil {
			return got, wrap("store page change", err)
		}
	}
	return got, nil
}

// storeBlob stores a compressed body under its hash unless stored already
// (by this or, at the same moment, another worker), and returns the
// compressed bytes it added.
func storeBlob(ctx context.Context, tx pgx.Tx, hash string, body []byte) (int64, error) {
	var one int
	err := tx.QueryRow(ctx, `SELECT 1 FROM page_blobs WHERE hash = $1`, hash).Scan(&one)
	if err == nil {
		return 0, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, wrap("look up page body", err)
	}
	data, err := store.Deflate(body)
	if err != nil {
		return 0, wrap("compress page body", err)
	}
	tag, err := tx.Exec(ctx, `INSERT INTO page_blobs (hash, size, data) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING`,
		clean(hash), len(body), data)
	if err != nil {
		return 0, wrap("store page body", err)
	}
	if tag.RowsAffected() == 0 {
		return 0, nil
	}
	return int64(len(data)), nil
}

// versionColumns are the columns store.ScanVersion reads for a version v joined
// to its blob b.
const versionColumns = `v.id, v.feed_id, v.at, v.hash, b.size, v.content_type`

// LatestVersion returns the page's newest version with body and extract.
func (db *DB) LatestVersion(ctx context.Context, feedID int64) (*vigil.PageVersion, error) {
	return db.fullVersion(ctx, `v.feed_id = $1 ORDER BY v.id DESC LIMIT 1`, feedID)
}

// VersionAt returns the version current at t, with body and extract.
func (db *DB) VersionAt(ctx context.Context, feedID int64, t time.Time) (*vigil.PageVersion, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+versionColumns+`, b.data, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = $1 AND v.at <= $2 ORDER BY v.at DESC, v.id DESC LIMIT 1`, feedID, store.Instant(t))
	return finishVersion(row)
}

// Version returns one version with body and extract.
func (db *DB) Version(ctx context.Context, versionID int64) (*vigil.PageVersion, error) {
	return db.fullVersion(ctx, `v.id = $1`, versionID)
}

// fullVersion reads the version the where clause selects, decompressed.
func (db *DB) fullVersion(ctx context.Context, where string, arg int64) (*vigil.PageVersion, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+versionColumns+`, b.data, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE `+where, arg)
	return finishVersion(row)
}

// finishVersion reads a version with its body and extract.
func finishVersion(row store.Row) (*vigil.PageVersion, error) {
	v, err := store.ScanFullVersion(row)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no page version found")
	}
	return v, wrapIf("read page version", err)
}

// Versions lists a page's versions newest first, without bodies; a limit
// of 0 or less means 100.
func (db *DB) Versions(ctx context.Context, feedID int64, limit int) ([]vigil.PageVersion, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := db.pool.Query(ctx, `SELECT `+versionColumns+`
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = $1 ORDER BY v.id DESC LIMIT $2`, feedID, limit)
	return list(rows, err, "list page versions", func(r store.Row) (*vigil.PageVersion, error) { return store.ScanVersion(r) })
}

// DuplicatePage returns the lowest-numbered other page whose latest version
// has hash, or ENOTFOUND.
func (db *DB) DuplicatePage(ctx context.Context, feedID int64, hash string) (int64, error) {
	var id int64
	err := db.pool.QueryRow(ctx, `SELECT v.feed_id FROM page_versions v
		WHERE v.hash = $1 AND v.feed_id != $2
		AND v.id = (SELECT max(id) FROM page_versions w WHERE w.feed_id = v.feed_id)
		ORDER BY v.feed_id LIMIT 1`, clean(hash), feedID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "no other page has this content")
	}
	if err != nil {
		return 0, wrap("look for duplicate page", err)
	}
	return id, nil
}
