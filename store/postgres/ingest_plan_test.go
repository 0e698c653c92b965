package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// TestIngestFeedReadWalksTheIndex checks that the ingest's read of the feed
// finds the newest item the fetch leaves alone by walking the feed's sort
// index from the top, not by reading every item of the feed: the plan of
// ingestFeedSQL, generic as the ingest runs it, over a feed of 20,000 items
// whose newest is edited by the fetch.
func TestIngestFeedReadWalksTheIndex(t *testing.T) {
	db := openTestDB(t)
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://big.example/feed", 1, time.Unix(1e9, 0))
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	for _, stmt := range []string{
		`INSERT INTO items (feed_id, key, hash, seen, sort_at)
		 SELECT $1, 'k' || g, 'h' || g, g, g FROM generate_series(1, 20000) AS g`,
		`ANALYZE items`,
		`SET plan_cache_mode = force_generic_plan`,
		`PREPARE feed_read(bigint, text[], text[]) AS ` + ingestFeedSQL,
	} {
		var args []any
		if strings.HasPrefix(stmt, "INSERT") {
			args = append(args, sub.Feed.ID)
		}
		if _, err := conn.Exec(ctx, stmt, args...); err != nil {
			t.Fatalf("%.40s: %v", stmt, err)
		}
	}
	execute := fmt.Sprintf(`EXECUTE feed_read(%d, ARRAY['k20000', 'k5'], ARRAY['edited', 'h5'])`, sub.Feed.ID)
	rows, err := conn.Query(ctx, `EXPLAIN (ANALYZE, COSTS OFF) `+execute)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(plan, "\n")
	if !strings.Contains(text, "Limit") || !strings.Contains(text, "Index Scan") || strings.Contains(text, "Seq Scan on items") {
		t.Errorf("the newest-item read does not walk the sort index from the top:\n%s", text)
	}
	f, err := store.ScanFeed(conn.QueryRow(ctx, execute))
	if err != nil {
		t.Fatal(err)
	}
	if want := store.FromNanos(sql.NullInt64{Int64: 19999, Valid: true}); !f.LastItem.Equal(want) {
		t.Errorf("newest item the fetch leaves alone: %v, want %v (the edited k20000 left out)", f.LastItem, want)
	}
}
