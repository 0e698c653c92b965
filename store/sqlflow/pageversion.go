package sqlflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"vigil"
	"vigil/store"
)

// PageVersionSQL is the text of the page version statements. The column
// list of each version query is store.ScanVersion's for a version v joined
// to its blob b, and of a full version query store.ScanFullVersion's.
type PageVersionSQL struct {
	// LockFeed takes the lock on the feed $1 that orders concurrent
	// ingests of one page, returning its ID; empty when the store's
	// transactions are serialised anyway.
	LockFeed string `sqlflow:"optional"`
	// SetNote sets the content type $1 and note $2 of the page $3.
	SetNote string
	// SetNoise sets the noise $1 of the page $2.
	SetNoise string
	// ReadFeed returns the feed $1 for store.ScanFeed.
	ReadFeed string
	// LatestHash returns the hash of the newest version of the page $1.
	LatestHash string
	// HasBlob returns 1 when a body with the hash $1 is stored.
	HasBlob string
	// InsertBlob stores the body of hash $1, size $2 and compressed data
	// $3, doing nothing when the hash is stored already.
	InsertBlob string
	// InsertVersion stores a version (feed, at, hash, content type,
	// compressed extract) and returns its ID.
	InsertVersion string
	// InsertChange stores a change (feed, version, previous version, at,
	// extents, severity, summary, withheld followers as JSON) and returns
	// its ID.
	InsertChange string
	// Latest returns the newest full version of the page $1.
	Latest string
	// At returns the full version of the page $1 current at the instant $2
	// (store.Instant).
	At string
	// ByID returns the full version $1.
	ByID string
	// ExtractByID returns the version $1 with its extract and no body,
	// for store.ScanExtractVersion.
	ExtractByID string
	// List returns the versions of the page $1, newest first, at most $2.
	List string
	// Duplicate returns the lowest-numbered page other than $2 whose
	// latest version has the hash $1.
	Duplicate string
}

// FeedWriter is how a store writes what every ingest writes, each its own
// fastest way, inside a transaction it began through its Conn.
type FeedWriter interface {
	// InsertObservation stores the observation o of the feed feedID.
	InsertObservation(ctx context.Context, tx Tx, feedID int64, o vigil.Observation) error
	// SaveFeedState stores the mutable state of feed, which decide
	// returned for the feed id; nil stores nothing.
	SaveFeedState(ctx context.Context, tx Tx, id int64, feed *vigil.Feed) error
}

// IngestPage stores a page fetch in one transaction: the observation
// (NewItems 1 when a change was stored), the body once per distinct hash,
// the version, the change with the alerts it causes (in the outbox) and
// the feed state decide returns given the feed as stored now. The feed is locked first (where the store needs it), so
// two workers storing the same page one after the other never add the same
// version twice. If decide fails nothing is stored.
func (s *Store) IngestPage(ctx context.Context, p store.PageFetched, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) (store.PageIngested, error) {
	if err := store.CheckPageFetched(p); err != nil {
		return store.PageIngested{}, err
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return store.PageIngested{}, s.d.Wrap("begin page ingest", err)
	}
	defer tx.Rollback(ctx)
	if err := s.lockPage(ctx, tx, p.FeedID); err != nil {
		return store.PageIngested{}, err
	}
	got, err := s.storeVersion(ctx, tx, p)
	if err != nil {
		return store.PageIngested{}, err
	}
	if got.ChangeID != 0 {
		if err := s.queueChangeAlerts(ctx, tx, p.FeedID, got.ChangeID, *p.Version.Change, p.Observation.At); err != nil {
			return store.PageIngested{}, err
		}
	}
	if err := s.storePageFetch(ctx, tx, p, got.ChangeID != 0, decide); err != nil {
		return store.PageIngested{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return store.PageIngested{}, s.d.Wrap("commit page ingest", err)
	}
	return got, nil
}

// lockPage locks the feed of a page ingest, where the store needs it, and
// checks that it is a watched page.
func (s *Store) lockPage(ctx context.Context, tx Tx, feedID int64) error {
	notPage := vigil.Errorf(vigil.ENOTFOUND, "feed %d is not a watched page", feedID)
	if q := s.sql.PageVersion.LockFeed; q != "" {
		var id int64
		err := tx.QueryRow(ctx, q, feedID).Scan(&id)
		if errors.Is(err, ErrNoRows) {
			return notPage
		}
		if err != nil {
			return s.d.Wrap("lock feed for ingest", err)
		}
	}
	if ok, err := s.isPage(ctx, tx, feedID); err != nil || !ok {
		if err == nil {
			err = notPage
		}
		return err
	}
	return nil
}

// storePageFetch stores the observation, the page's note and the feed state.
func (s *Store) storePageFetch(ctx context.Context, tx Tx, p store.PageFetched, changed bool, decide func(bool, *vigil.Feed) (*vigil.Feed, error)) error {
	q := &s.sql.PageVersion
	if err := s.feeds.InsertObservation(ctx, tx, p.FeedID, store.PageObservation(p, changed)); err != nil {
		return s.d.Wrap("store observation", err)
	}
	if p.Read {
		if _, err := tx.Exec(ctx, q.SetNote, s.d.text(p.ContentType), s.d.text(p.Note), p.FeedID); err != nil {
			return s.d.Wrap("store page note", err)
		}
	}
	if p.Noise != nil {
		if _, err := tx.Exec(ctx, q.SetNoise, []byte(p.Noise), p.FeedID); err != nil {
			return s.d.Wrap("store page noise", err)
		}
	}
	current, err := store.ScanFeed(tx.QueryRow(ctx, q.ReadFeed, p.FeedID))
	if err != nil {
		return s.d.Wrap("read feed state in page ingest", err)
	}
	feed, err := decide(changed, current)
	if err != nil {
		return fmt.Errorf("%s: unable to ingest page %d: decide: %w", s.d.Name, p.FeedID, err)
	}
	return s.feeds.SaveFeedState(ctx, tx, p.FeedID, feed)
}

// storeVersion stores the body (once per hash), the version and the change,
// unless the latest version, read inside the transaction, already has these
// bytes.
func (s *Store) storeVersion(ctx context.Context, tx Tx, p store.PageFetched) (store.PageIngested, error) {
	v := p.Version
	if v == nil {
		return store.PageIngested{}, nil
	}
	if err := store.CheckPageVersion(p); err != nil {
		return store.PageIngested{}, err
	}
	q := &s.sql.PageVersion
	var got store.PageIngested
	var latest string
	err := tx.QueryRow(ctx, q.LatestHash, p.FeedID).Scan(&latest)
	if err != nil && !errors.Is(err, ErrNoRows) {
		return got, s.d.Wrap("read latest page version", err)
	}
	if latest == v.Hash {
		return got, nil // another fetch stored these bytes meanwhile: no second version
	}
	if got.NewBytes, err = s.storeBlob(ctx, tx, v.Hash, v.Body); err != nil {
		return got, err
	}
	extract, err := store.Deflate(v.Extract)
	if err != nil {
		return got, s.d.Wrap("compress page extract", err)
	}
	at := store.Nanos(p.Observation.At)
	err = tx.QueryRow(ctx, q.InsertVersion, p.FeedID, at, s.d.text(v.Hash), s.d.text(v.ContentType), extract).Scan(&got.VersionID)
	if err != nil {
		return got, s.d.Wrap("store page version", err)
	}
	if c := v.Change; c != nil {
		held, err := json.Marshal(append([]int64{}, c.Withheld...))
		if err != nil {
			return got, fmt.Errorf("store page change: %w", err)
		}
		err = tx.QueryRow(ctx, q.InsertChange, p.FeedID, got.VersionID, c.PrevID, at,
			s.d.text(string(c.Extents)), s.d.text(c.Severity), s.d.text(c.Summary), string(held)).Scan(&got.ChangeID)
		if err != nil {
			return got, s.d.Wrap("store page change", err)
		}
	}
	return got, nil
}

// storeBlob stores a compressed body under its hash unless stored already
// (by this or, at the same moment, another worker), and returns the
// compressed bytes it added.
func (s *Store) storeBlob(ctx context.Context, tx Tx, hash string, body []byte) (int64, error) {
	var one int
	err := tx.QueryRow(ctx, s.sql.PageVersion.HasBlob, hash).Scan(&one)
	if err == nil {
		return 0, nil
	}
	if !errors.Is(err, ErrNoRows) {
		return 0, s.d.Wrap("look up page body", err)
	}
	data, err := store.Deflate(body)
	if err != nil {
		return 0, s.d.Wrap("compress page body", err)
	}
	n, err := tx.Exec(ctx, s.sql.PageVersion.InsertBlob, s.d.text(hash), len(body), data)
	if err != nil {
		return 0, s.d.Wrap("store page body", err)
	}
	if n == 0 {
		return 0, nil
	}
	return int64(len(data)), nil
}

// LatestVersion returns the page's newest version with body and extract.
func (s *Store) LatestVersion(ctx context.Context, feedID int64) (*vigil.PageVersion, error) {
	return s.fullVersion(ctx, s.sql.PageVersion.Latest, feedID)
}

// VersionAt returns the version current at t, with body and extract.
func (s *Store) VersionAt(ctx context.Context, feedID int64, t time.Time) (*vigil.PageVersion, error) {
	return s.fullVersion(ctx, s.sql.PageVersion.At, feedID, store.Instant(t))
}

// Version returns one version with body and extract.
func (s *Store) Version(ctx context.Context, versionID int64) (*vigil.PageVersion, error) {
	return s.fullVersion(ctx, s.sql.PageVersion.ByID, versionID)
}

// VersionExtract returns one version with its extract and without its
// body.
func (s *Store) VersionExtract(ctx context.Context, versionID int64) (*vigil.PageVersion, error) {
	v, err := store.ScanExtractVersion(s.conn.Read().QueryRow(ctx, s.sql.PageVersion.ExtractByID, versionID))
	return found(&s.d, v, err, "read page version", "no page version found")
}

// fullVersion reads the version query selects, with its body and extract.
func (s *Store) fullVersion(ctx context.Context, query string, args ...any) (*vigil.PageVersion, error) {
	v, err := store.ScanFullVersion(s.conn.Read().QueryRow(ctx, query, args...))
	return found(&s.d, v, err, "read page version", "no page version found")
}

// Versions lists a page's versions newest first, without bodies; a limit
// of 0 or less means 100.
func (s *Store) Versions(ctx context.Context, feedID int64, limit int) ([]vigil.PageVersion, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.PageVersion.List, feedID, limit)
	return list(&s.d, rows, err, "list page versions", func(r store.Row) (*vigil.PageVersion, error) { return store.ScanVersion(r) })
}

// DuplicatePage returns the lowest-numbered other page whose latest version
// has hash (and, where the store's statement asks it, that someone still
// follows), or ENOTFOUND.
func (s *Store) DuplicatePage(ctx context.Context, feedID int64, hash string) (int64, error) {
	var id int64
	err := s.conn.Read().QueryRow(ctx, s.sql.PageVersion.Duplicate, s.d.text(hash), feedID).Scan(&id)
	if errors.Is(err, ErrNoRows) {
		return 0, vigil.Errorf(vigil.ENOTFOUND, "no other page has this content")
	}
	if err != nil {
		return 0, s.d.Wrap("look for duplicate page", err)
	}
	return id, nil
}
