package sqlite

import (
	"context"
	"database/sql"
)

// stmts are the statements Ingest runs, prepared once on the writing
// connection so that a fetch costs no parsing.
type stmts struct {
	feedExists, readFeed, changedItems, insertItem, updateItem, indexItem, countItems, insertObservation, saveFeed *sql.Stmt
}

// txStmts are stmts bound to one transaction.
type txStmts stmts

// statementSQL maps each statement to its text.
func (s *stmts) statementSQL() map[**sql.Stmt]string {
	return map[**sql.Stmt]string{
		&s.feedExists: `SELECT 1 FROM feeds WHERE id = ?`,
		&s.readFeed:   `SELECT ` + feedColumns + ` FROM feeds f WHERE f.id = ?`,
		// changedItems takes a JSON array of [key, hash] pairs and the feed,
		// and returns the position of each pair that is not stored as it is,
		// with the stored item's ID and first sighting when there is one.
		&s.changedItems: `SELECT j.key, i.id, i.seen FROM json_each(?1) j
			LEFT JOIN items i ON i.feed_id = ?2 AND i.key = json_extract(j.value, '$[0]')
			WHERE i.id IS NULL OR i.hash IS NOT json_extract(j.value, '$[1]')
			ORDER BY j.key`,
		&s.insertItem: `INSERT INTO items (feed_id, key, hash, url, title, author, summary, content,
			published, updated, seen, sort_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		&s.updateItem: `UPDATE items SET hash = ?, url = ?, title = ?, author = ?, summary = ?,
			content = ?, published = ?, updated = ?, sort_at = ? WHERE id = ?`,
		&s.indexItem:         indexItemSQL,
		&s.countItems:        `UPDATE feeds SET item_count = item_count + ? WHERE id = ?`,
		&s.insertObservation: insertObservationSQL(),
		&s.saveFeed: `UPDATE feeds SET title = ?, site_url = ?, description = ?, language = ?,
			status = COALESCE(NULLIF(?, ''), status), etag = ?, last_modified = ?, last_fetch = ?,
			last_success = ?, next_fetch = ?, last_status = ?, last_error = ?, failures = ?,
			failing_since = ?, missing = ?, hints = ?, item_window = ?, model = ?, rate = ?
			WHERE id = ?`,
	}
}

// prepare prepares every statement on pool.
func (s *stmts) prepare(ctx context.Context, pool *sql.DB) error {
	for dst, query := range s.statementSQL() {
		stmt, err := pool.PrepareContext(ctx, query)
		if err != nil {
			s.close()
			return dialect.Wrap("prepare statements", err)
		}
		*dst = stmt
	}
	return nil
}

// close releases the prepared statements.
func (s *stmts) close() {
	for dst := range s.statementSQL() {
		if *dst != nil {
			(*dst).Close()
		}
	}
}

// in binds the statements to tx, reusing what was prepared on its connection.
func (s *stmts) in(ctx context.Context, tx *sql.Tx) txStmts {
	return txStmts{
		feedExists:        tx.StmtContext(ctx, s.feedExists),
		readFeed:          tx.StmtContext(ctx, s.readFeed),
		changedItems:      tx.StmtContext(ctx, s.changedItems),
		insertItem:        tx.StmtContext(ctx, s.insertItem),
		updateItem:        tx.StmtContext(ctx, s.updateItem),
		indexItem:         tx.StmtContext(ctx, s.indexItem),
		countItems:        tx.StmtContext(ctx, s.countItems),
		insertObservation: tx.StmtContext(ctx, s.insertObservation),
		saveFeed:          tx.StmtContext(ctx, s.saveFeed),
	}
}
