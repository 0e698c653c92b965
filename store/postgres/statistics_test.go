package postgres

import (
	"context"
	"slices"
	"testing"

	"vigil/store/postgres/pgtest"
)

// TestKeepStatisticsAnalyzesWhatGrew loads a few hundred feeds
// into a fresh schema on one session, so quickly after a first write that
// the session has not yet reported them to the server's statistics, and
// checks that KeepStatistics counts them, analyzes the feeds table (and
// leaves it analyzed, as pg_stat_user_tables tells), then finds nothing
// left to do. Then every feed's row is updated, which autovacuum would
// analyze for and KeepStatistics leaves to it (the table's size is the
// same), and the feeds are doubled, which it analyzes again.
func TestKeepStatisticsAnalyzesWhatGrew(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	writes := []string{
		// autovacuum, where the server runs it, must not analyze the
		// table first
		`ALTER TABLE feeds SET (autovacuum_enabled = false)`,
		// a session's first counts are reported at once, the next
		// within a second only if it asks
		`INSERT INTO feeds (url, status, created_at) VALUES ('http://127.0.0.1/first', 'active', 0)`,
		`INSERT INTO feeds (url, status, created_at)
			SELECT 'http://127.0.0.1/feed/' || g, 'active', 0 FROM generate_series(1, 300) g`,
	}
	for _, w := range writes {
		if _, err := c.Exec(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	c.Release()
	analyzed, err := db.KeepStatistics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(analyzed, "feeds") {
		t.Fatalf("KeepStatistics analyzed %q, want feeds among them", analyzed)
	}
	var analyzes int64
	var pending int64
	err = db.pool.QueryRow(ctx, `SELECT analyze_count, n_mod_since_analyze FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = 'feeds'`).Scan(&analyzes, &pending)
	if err != nil {
		t.Fatal(err)
	}
	if analyzes != 1 || pending != 0 {
		t.Errorf("feeds after KeepStatistics: %d analyzes, %d rows changed since; want 1 and 0", analyzes, pending)
	}
	again, err := db.KeepStatistics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 0 {
		t.Errorf("a second KeepStatistics analyzed %q, want nothing", again)
	}
	later := []struct {
		write   string
		analyze bool
	}{
		{`UPDATE feeds SET title = 'renamed', next_fetch = id`, false},
		{`INSERT INTO feeds (url, status, created_at)
			SELECT 'http://127.0.0.1/more/' || g, 'active', 0 FROM generate_series(1, 301) g`, true},
	}
	for _, l := range later {
		if _, err := db.pool.Exec(ctx, l.write); err != nil {
			t.Fatal(err)
		}
		analyzed, err := db.KeepStatistics(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(analyzed, "feeds"); got != l.analyze {
			t.Errorf("after %s: KeepStatistics analyzed %q, feeds among them: %v, want %v", l.write, analyzed, got, l.analyze)
		}
	}
}
