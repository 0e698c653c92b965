package sqlite

import "vigil/store/sqlflow"

// versionColumns are the columns store.ScanVersion reads for a version v joined
// to its blob b.
const versionColumns = `v.id, v.feed_id, v.at, v.hash, b.size, v.content_type`

// fullVersionSQL selects a version with its body and extract.
const fullVersionSQL = `SELECT ` + versionColumns + `, b.data, v.extract
	FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE `

// pageVersionSQL is the SQLite text of the page version statements. A
// transaction holds the only writing connection, so a page ingest needs
// no lock of its own. A duplicate page must still be followed: a page
// merged away has no follower left.
var pageVersionSQL = sqlflow.PageVersionSQL{
	SetNote:    `UPDATE pages SET content_type = ?, note = ? WHERE feed_id = ?`,
	SetNoise:   `UPDATE pages SET noise = ? WHERE feed_id = ?`,
	ReadFeed:   `SELECT ` + feedColumns + ` FROM feeds f WHERE f.id = ?`,
	LatestHash: `SELECT hash FROM page_versions WHERE feed_id = ? ORDER BY id DESC LIMIT 1`,
	HasBlob:    `SELECT 1 FROM page_blobs WHERE hash = ?`,
	InsertBlob: `INSERT INTO page_blobs (hash, size, data) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING`,
	InsertVersion: `INSERT INTO page_versions (feed_id, at, hash, content_type, extract) VALUES (?, ?, ?, ?, ?)
		RETURNING id`,
	InsertChange: `INSERT INTO page_changes (feed_id, version_id, prev_id, at, extents, severity, summary, withheld)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
	Latest: fullVersionSQL + `v.feed_id = ? ORDER BY v.id DESC LIMIT 1`,
	At:     fullVersionSQL + `v.feed_id = ? AND v.at <= ? ORDER BY v.at DESC, v.id DESC LIMIT 1`,
	ByID:   fullVersionSQL + `v.id = ?`,
	ExtractByID: `SELECT ` + versionColumns + `, v.extract
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash WHERE v.id = ?`,
	List: `SELECT ` + versionColumns + `
		FROM page_versions v JOIN page_blobs b ON b.hash = v.hash
		WHERE v.feed_id = ? ORDER BY v.id DESC LIMIT ?`,
	Duplicate: `SELECT v.feed_id FROM page_versions v
		WHERE v.hash = ? AND v.feed_id != ?
		AND v.id = (SELECT max(id) FROM page_versions w WHERE w.feed_id = v.feed_id)
		AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = v.feed_id)
		ORDER BY v.feed_id LIMIT 1`,
}
