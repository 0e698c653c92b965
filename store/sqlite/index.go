package sqlite

import (
	"context"
	"database/sql"

	"vigil"
	"vigil/store"
	"vigil/store/fulltext"
)

// indexBatch is how many stored items indexStoredItems reads at a time.
const indexBatch = 500

// indexItem writes an item's body and title into the full-text index,
// replacing what was indexed for its ID before. stmt is the statement
// indexItemSQL prepared.
func indexItem(ctx context.Context, stmt *sql.Stmt, it *vigil.Item) error {
	_, err := stmt.ExecContext(ctx, it.ID, fulltext.Body(it.Summary, it.Content), it.Title)
	return err
}

// indexItemSQL writes one row of the full-text index.
const indexItemSQL = `INSERT OR REPLACE INTO items_fts (rowid, body, title) VALUES (?, ?, ?)`

// indexStoredItems indexes every stored item, in batches of indexBatch by
// ID: the migration that creates the index runs it.
func indexStoredItems(ctx context.Context, tx *sql.Tx) error {
	stmt, err := tx.PrepareContext(ctx, indexItemSQL)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for after := int64(0); ; {
		items, err := itemsForIndex(ctx, tx, after)
		if err != nil || len(items) == 0 {
			return err
		}
		for i := range items {
			if err := indexItem(ctx, stmt, &items[i]); err != nil {
				return err
			}
		}
		after = items[len(items)-1].ID
	}
}

// itemsForIndex reads the next indexBatch items with an ID above after.
func itemsForIndex(ctx context.Context, tx *sql.Tx, after int64) ([]vigil.Item, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT id, title, summary, content FROM items WHERE id > ? ORDER BY id LIMIT ?`, after, indexBatch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []vigil.Item
	for rows.Next() {
		var it vigil.Item
		var summary, content []byte
		if err := rows.Scan(&it.ID, &it.Title, &summary, &content); err != nil {
			return nil, err
		}
		if err := store.DecodeBody(&it, summary, content); err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	return items, rows.Err()
}
