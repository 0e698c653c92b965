package postgres

import "vigil/store/sqlflow"

// pageSQL is the PostgreSQL text of the statements about watched pages.
// Making a page locks the feed's row, so that no ingest adds an item
// before it commits.
var pageSQL = sqlflow.PageSQL{
	IsPage: `SELECT 1 FROM pages WHERE feed_id = $1`,
	Create: `INSERT INTO pages (feed_id) VALUES ($1)`,
	Read: `SELECT p.kinds, p.selector, p.ignore, p.noise, p.content_type, p.note, p.returns,
		(SELECT user_id FROM subscriptions s WHERE s.feed_id = p.feed_id ORDER BY s.created_at, s.user_id LIMIT 1),
		(SELECT count(*) FROM page_versions v WHERE v.feed_id = p.feed_id),
		(SELECT coalesce(sum(octet_length(b.data)), 0) FROM page_blobs b
			WHERE b.hash IN (SELECT hash FROM page_versions v WHERE v.feed_id = p.feed_id)),
		p.reading, p.noise_forgotten
		FROM pages p WHERE p.feed_id = $1`,
	SetKinds:          `UPDATE pages SET kinds = $1 WHERE feed_id = $2`,
	SetSelector:       `UPDATE pages SET selector = $1 WHERE feed_id = $2`,
	SetIgnore:         `UPDATE pages SET ignore = $1 WHERE feed_id = $2`,
	SetReturns:        `UPDATE pages SET returns = $1 WHERE feed_id = $2`,
	SetReading:        `UPDATE pages SET reading = $1 WHERE feed_id = $2`,
	SetNoiseForgotten: `UPDATE pages SET noise_forgotten = $1 WHERE feed_id = $2`,
	SetNote:           `UPDATE pages SET content_type = $1, note = $2 WHERE feed_id = $3`,
	ItemCount:         `SELECT item_count FROM feeds WHERE id = $1 FOR UPDATE`,
	Make:              `INSERT INTO pages (feed_id) VALUES ($1) ON CONFLICT DO NOTHING`,
}
