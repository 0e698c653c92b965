package store

import (
	"database/sql"
	"encoding/json"
	"fmt"

	"vigil"
)

// ScanChange reads one page change from r, whose columns are, in order
// (each store's changeColumns): the change's id, feed_id, the feed's url
// and title, at, grp, version_id, prev_id, extents, severity, summary,
// withheld.
func ScanChange(s Row) (*vigil.PageChange, error) {
	var (
		c       vigil.PageChange
		at      sql.NullInt64
		extents string
		held    string
	)
	if err := s.Scan(&c.ID, &c.FeedID, &c.URL, &c.Title, &at, &c.Group, &c.VersionID, &c.PrevID, &extents, &c.Severity, &c.Summary, &held); err != nil {
		return nil, err
	}
	c.At, c.Extents, c.Evaluations = FromNanos(at), json.RawMessage(extents), []vigil.Evaluation{}
	if err := json.Unmarshal([]byte(held), &c.Withheld); err != nil {
		return nil, fmt.Errorf("decode withheld followers of change %d: %w", c.ID, err)
	}
	return &c, nil
}

// ScanEvaluation reads one evaluation from r, whose columns are, in order:
// change_id, user_id, the user's name, rating, comment, at.
func ScanEvaluation(r Row) (*vigil.Evaluation, error) {
	var (
		e  vigil.Evaluation
		at sql.NullInt64
	)
	if err := r.Scan(&e.ChangeID, &e.UserID, &e.UserName, &e.Rating, &e.Comment, &at); err != nil {
		return nil, err
	}
	e.At = FromNanos(at)
	return &e, nil
}

// ScanVersion reads one page version from r, whose columns are, in order
// (each store's versionColumns): id, feed_id, at, hash, the blob's size,
// content_type; then the extra destinations.
func ScanVersion(s Row, extra ...any) (*vigil.PageVersion, error) {
	var (
		v  vigil.PageVersion
		at sql.NullInt64
	)
	dest := append([]any{&v.ID, &v.FeedID, &at, &v.Hash, &v.Size, &v.ContentType}, extra...)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	v.At = FromNanos(at)
	return &v, nil
}

// ScanFullVersion reads a page version as ScanVersion does, followed by its
// compressed body and extract, which it decompresses. A failed scan's error
// is returned as it is.
func ScanFullVersion(r Row) (*vigil.PageVersion, error) {
	var body, extract []byte
	v, err := ScanVersion(r, &body, &extract)
	if err != nil {
		return nil, err
	}
	if v.Body, err = Inflate(body); err != nil {
		return nil, fmt.Errorf("decompress page version: %w", err)
	}
	if v.Extract, err = Inflate(extract); err != nil {
		return nil, fmt.Errorf("decompress page extract: %w", err)
	}
	return v, nil
}

// ScanExtractVersion reads a page version as ScanVersion does, followed
// by its compressed extract, which it decompresses; Body stays nil.
func ScanExtractVersion(r Row) (*vigil.PageVersion, error) {
	var extract []byte
	v, err := ScanVersion(r, &extract)
	if err != nil {
		return nil, err
	}
	if v.Extract, err = Inflate(extract); err != nil {
		return nil, fmt.Errorf("decompress page extract: %w", err)
	}
	return v, nil
}

// ScanPage reads the page of the feed feedID from r, whose columns are, in
// order: kinds, selector, ignore, noise, content_type, note, the owner's
// user ID, the number of versions and the bytes their bodies take. A failed
// scan's error is returned as it is. Then the reading settings and the
// undone noise items (JSON).
func ScanPage(r Row, feedID int64) (*vigil.Page, error) {
	var (
		p      = vigil.Page{FeedID: feedID}
		kinds  string
		owner  sql.NullInt64
		ignore string
		noise  []byte
		how    string
		undone string
	)
	err := r.Scan(&kinds, &p.Selector, &ignore, &noise, &p.ContentType, &p.Note, &p.Returns, &owner, &p.Versions, &p.StoredBytes, &how, &undone)
	if err != nil {
		return nil, err
	}
	p.OwnerID = owner.Int64
	p.Kinds = SplitPageKinds(kinds)
	if len(noise) > 0 {
		p.Noise = json.RawMessage(noise)
	}
	if err := json.Unmarshal([]byte(ignore), &p.Ignore); err != nil {
		return nil, fmt.Errorf("decode ignore rules of page: %w", err)
	}
	if err := json.Unmarshal([]byte(how), &p.PageReading); err != nil {
		return nil, fmt.Errorf("decode reading settings of page: %w", err)
	}
	if err := json.Unmarshal([]byte(undone), &p.NoiseForgotten); err != nil {
		return nil, fmt.Errorf("decode undone noise of page: %w", err)
	}
	return &p, nil
}
