package postgres

import "vigil/store/sqlflow"

// versionColumns are the columns store.ScanVersion reads for a version v joined
// to its blob b.
const versionColumns = `v.id, v.feed_id, v.at, v.hash, b.size, v.content_type`

// fullVersionSQL selects a version with its body and extract.
const fullVersionSQL = `SELECT ` + versionColumns + `, b.data, v.extract
	FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE `

// pageVersionSQL is the PostgreSQL text of the page version statements.
// A page ingest locks the feed's row first, so two workers storing the
// same page one after the other never add the same version twice.
var pageVersionSQL = sqlflow.PageVersionSQL{
	LockFeed:   `SELECT id FROM feeds WHERE id = $1 FOR UPDATE`,
	SetNote:    `UPDATE pages SET content_type = $1, note = $2 WHERE feed_id = $3`,
	SetNoise:   `UPDATE pages SET noise = $1 WHERE feed_id = $2`,
	ReadFeed:   `SELECT ` + feedColumns + ` FROM feeds f WHERE f.id = $1`,
	LatestHash: `SELECT hash FROM page_versions WHERE feed_id = $1 ORDER BY id DESC LIMIT 1`,
	HasBlob:    `SELECT 1 FROM page_blobs WHERE hash = $1`,
	InsertBlob: `INSERT INTO page_blobs (hash, size, data) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING`,
	InsertVersion: `INSERT INTO page_versions (feed_id, at, hash, content_type, extract) VALUES ($1, $2, $3, $4, $5)
		RETURNING id`,
	InsertChange: `INSERT INTO page_changes (feed_id, version_id, prev_id, at, extents, severity, summary, withheld)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
	Latest: fullVersionSQL + `v.feed_id = $1 ORDER BY v.id DESC LIMIT 1`,
	At:     fullVersionSQL + `v.feed_id = $1 AND v.at <= $2 ORDER BY v.at DESC, v.id DESC LIMIT 1`,
	ByID:   fullVersionSQL + `v.id = $1`,
	ExtractByID: `SELECT ` + versionColumns + `, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE v.id = $1`,
	List: `SELECT ` + versionColumns + `
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = $1 ORDER BY v.id DESC LIMIT $2`,
	Duplicate: `SELECT v.feed_id FROM page_versions v
		WHERE v.hash = $1 AND v.feed_id != $2
		AND v.id = (SELECT max(id) FROM page_versions w WHERE w.feed_id = v.feed_id)
		ORDER BY v.feed_id LIMIT 1`,
}
