package postgres

import (
	"context"
	"slices"
	"testing"
	"time"

	"vigil"
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

// TestFlushCountsReportsRecords records fetches through the record
// session in two rounds, the second so soon after the first that the
// session holds its counts back, and checks that flushCounts makes the
// server count every observation inserted, as KeepStatistics needs at the
// end of a pass of 304s.
func TestFlushCountsReportsRecords(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	t0 := time.Unix(1.7e9, 0)
	ids := followedFeeds(t, db, "flush", 50, t0)
	for round := range 2 {
		at := t0.Add(time.Duration(round+1) * time.Minute)
		for _, id := range ids {
			f := &vigil.Feed{Status: vigil.FeedActive, LastFetch: at, NextFetch: at.Add(time.Hour), LastStatus: 304}
			if err := db.RecordFetch(ctx, vigil.Observation{FeedID: id, At: at, Status: 304, NotModified: true}, f); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := db.flushCounts(ctx); err != nil {
		t.Fatal(err)
	}
	var inserted int64
	err = db.pool.QueryRow(ctx, `SELECT n_tup_ins FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = 'observations'`).Scan(&inserted)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(2 * len(ids)); inserted != want {
		t.Errorf("the server counts %d observations inserted after flushCounts, want the %d recorded", inserted, want)
	}
}
