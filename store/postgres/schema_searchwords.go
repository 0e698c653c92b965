package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vigil/store"
)

// reindexBatch is how many items reindexSearchText reads at a time.
const reindexBatch = 1000

// reindexSearchText is migration 9, which makes the search text in Go
// for ingest speed: the worker that stores an item writes its
// search text (searchColumn), from the words the embedded store's
// tokenizer finds, and the server only casts it for the index. Computing
// it in SQL (to_tsvector, then vigil_lexemes, a SQL function planned anew
// at every call) took about 30% of the server's CPU per fetch
// (BenchmarkLoad, perf). The SQL functions of schemaV7 stay: a worker of
// the version before, still running during an upgrade, keeps storing items
// with them (with PostgreSQL's words, which the next edit of the item
// replaces).
//
// It recomputes the search text of every stored item, in batches of
// reindexBatch by ID, writing only those that change: text that
// PostgreSQL's parser read as one word of its own (a URL, a host, a
// decimal number, a hyphenated word) now indexes its words.
func reindexSearchText(ctx context.Context, tx pgx.Tx) error {
	var after int64
	for {
		last, n, err := reindexFrom(ctx, tx, after)
		if err != nil {
			return err
		}
		if n < reindexBatch {
			return nil
		}
		after = last
	}
}

// reindexFrom recomputes the search text of the next reindexBatch items
// after ID after, and returns the last ID read and how many were read.
func reindexFrom(ctx context.Context, tx pgx.Tx, after int64) (last int64, n int, err error) {
	rows, err := tx.Query(ctx, `SELECT id, title, summary, content FROM items WHERE id > $1 ORDER BY id LIMIT $2`, after, reindexBatch)
	if err != nil {
		return 0, 0, fmt.Errorf("read items to reindex: %w", err)
	}
	c, err := store.BodyCodec()
	if err != nil {
		rows.Close()
		return 0, 0, err
	}
	type reindexed struct {
		id   int64
		text string
	}
	var batch []reindexed
	for rows.Next() {
		var id int64
		var title string
		var summary, content []byte
		if err := rows.Scan(&id, &title, &summary, &content); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("read items to reindex: %w", err)
		}
		plainSummary, plainContent, err := c.Decode(summary, content)
		if err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("item %d: %w", id, err)
		}
		batch = append(batch, reindexed{id, SearchColumn(title, plainSummary, plainContent)})
		last, n = id, n+1
	}
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("read items to reindex: %w", err)
	}
	if len(batch) == 0 {
		return last, n, nil
	}
	b := &pgx.Batch{}
	for _, r := range batch {
		b.Queue(`UPDATE items SET search_text = $2 WHERE id = $1 AND search_text IS DISTINCT FROM $2`, r.id, r.text)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return 0, 0, fmt.Errorf("write reindexed search text: %w", err)
	}
	return last, n, nil
}
