package sqlite

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/storetest"
)

// TestListingsBoundTheirPlaceInATie checks with EXPLAIN QUERY PLAN, over
// 40,000 items of one sort time, analysed, that every item listing, of
// the reader APIs and of vigil's own (storetest.TiedListings), reads the
// items from an index in its order and that a continuation bounds the
// range it reads by its place in the tied group, (sort time, ID), not by
// the sort time alone: SQLite shows which columns of the index bound a
// range, and a range bounded by the sort time alone starts at the top of
// the tied group and reads it down to the cursor on every page. These are
// the exact steps that read items, in order; no listing sorts in a
// temporary B-tree.
func TestListingsBoundTheirPlaceInATie(t *testing.T) {
	db, userID, feedID, at := openTiedGroup(t)
	const (
		sort     = "SEARCH i USING INDEX items_sort "
		feedSort = "SEARCH i USING INDEX items_feed_sort "
	)
	newer := []string{sort + "(sort_at=? AND id<?)", sort + "(sort_at<?)"}
	older := []string{sort + "(sort_at=? AND id>?)", sort + "(sort_at>?)"}
	oneFeed := []string{feedSort + "(feed_id=? AND sort_at=? AND id<?)", feedSort + "(feed_id=? AND sort_at<?)"}
	fromTop := []string{"SCAN i USING INDEX items_sort"}
	steps := map[string][]string{
		"stream: reading list":                fromTop,
		"stream: reading list up to the tie":  {sort + "(sort_at<?)"},
		"stream: reading list inside the tie": newer,
		"stream: unread inside the tie":       newer,
		"stream: oldest first inside the tie": older,
		"stream: one feed inside the tie":     oneFeed,
		"items: all feeds":                    fromTop,
		"items: all feeds inside the tie":     newer,
		"items: unread inside the tie":        newer,
		"items: one feed inside the tie":      oneFeed,
		"items: back inside the tie":          older,
	}
	for _, l := range storetest.TiedListings(userID, feedID, at) {
		t.Run(l.Name, func(t *testing.T) {
			want, ok := steps[l.Name]
			if !ok {
				t.Fatalf("no steps expected of %q", l.Name)
			}
			query, args := listingSQL(t, db, l)
			plan := queryPlan(t, db, query, args...)
			if got := itemSteps(plan); strings.Contains(plan, "TEMP B-TREE") || !slices.Equal(got, want) {
				t.Errorf("the plan reads the items by\n%s\nwant\n%s\nand no temporary B-tree; the whole plan:\n%s",
					strings.Join(got, "\n"), strings.Join(want, "\n"), plan)
			}
		})
	}
}

// listingSQL returns the statement of the listing l and its arguments.
func listingSQL(t *testing.T, db *DB, l storetest.TiedListing) (string, []any) {
	t.Helper()
	if l.Items != nil {
		query, args := itemsQuery(*l.Items)
		return query, args
	}
	query, args, err := db.StreamEntriesSQL(*l.Stream)
	if err != nil {
		t.Fatal(err)
	}
	return query, args
}

// itemSteps returns the steps of a plan that read the items (aliased i),
// a covering index named as any index.
func itemSteps(plan string) []string {
	var steps []string
	for _, line := range strings.Split(plan, "\n") {
		if strings.HasPrefix(line, "SCAN i ") || strings.HasPrefix(line, "SEARCH i ") {
			steps = append(steps, strings.Replace(line, "USING COVERING INDEX", "USING INDEX", 1))
		}
	}
	return steps
}

// openTiedGroup opens a store holding storetest.TiedItems items of one
// sort time, IDs 1 to TiedItems, in TiedFeeds feeds a user follows, every fourth read, analysed; it returns
// the store, the user, one of the feeds and the items' sort time.
func openTiedGroup(t *testing.T) (db *DB, userID, feedID int64, at time.Time) {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	at = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var first int64
	for f := range storetest.TiedFeeds {
		sub, err := db.Subscribe(ctx, u.ID, "https://"+string(rune('a'+f))+".example/feed", 1, at)
		if err != nil {
			t.Fatal(err)
		}
		if f == 0 {
			first = sub.Feed.ID
		}
	}
	for _, stmt := range []struct {
		sql  string
		args []any
	}{
		{`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ?)
		  INSERT INTO items (id, feed_id, key, hash, seen, sort_at)
		  SELECT n, ? + n % ?, 'k' || n, 'h' || n, ?, ? FROM g`,
			[]any{storetest.TiedItems, first, storetest.TiedFeeds, store.Instant(at), store.Instant(at)}},
		{`INSERT INTO item_states (user_id, item_id, feed_id, read)
		  SELECT ?, id, feed_id, 1 FROM items WHERE id % 4 = 0`, []any{u.ID}},
		{`ANALYZE`, nil},
	} {
		if _, err := db.write.Exec(stmt.sql, stmt.args...); err != nil {
			t.Fatalf("%.40s: %v", stmt.sql, err)
		}
	}
	return db, u.ID, first, at
}
