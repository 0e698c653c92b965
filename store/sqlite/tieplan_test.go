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
)

// tiedItems is how many items of one sort time the plan tests store, in
// tiedFeeds feeds, and analyse: enough that SQLite's statistics show the
// tied group.
const (
	tiedFeeds = 8
	tiedItems = 40000
)

// TestListingsBoundTheirPlaceInATie checks with EXPLAIN QUERY PLAN, over
// 40,000 items of one sort time, that every item listing, of the reader
// APIs and of vigil's own, reads the items from an index in its order and
// that a continuation bounds the range it reads by its place in the tied
// group, (sort time, ID), not by the sort time alone: SQLite shows which
// columns of the index bound a range, and a range bounded by the sort time
// alone starts at the top of the tied group and reads it down to the
// cursor on every page. These are the exact steps that read items, in
// order; no listing sorts in a temporary B-tree.
func TestListingsBoundTheirPlaceInATie(t *testing.T) {
	db, userID, feedID, at := openTiedGroup(t)
	mid := vigil.ItemCursor{At: at, ID: tiedItems / 2}
	after := &vigil.StreamCursor{At: at, ID: mid.ID}
	const (
		sort     = "SEARCH i USING INDEX items_sort "
		feedSort = "SEARCH i USING INDEX items_feed_sort "
	)
	newer := []string{sort + "(sort_at=? AND id<?)", sort + "(sort_at<?)"}
	type listing struct {
		name  string
		query string
		args  []any
		steps []string
	}
	var listings []listing
	for _, l := range []struct {
		name  string
		q     vigil.StreamQuery
		steps []string
	}{
		{"reading list", vigil.StreamQuery{}, []string{"SCAN i USING INDEX items_sort"}},
		{"reading list up to the tie", vigil.StreamQuery{Until: at}, []string{sort + "(sort_at<?)"}},
		{"reading list inside the tie", vigil.StreamQuery{After: after}, newer},
		{"unread inside the tie", vigil.StreamQuery{ExcludeRead: true, After: after}, newer},
		{"oldest first inside the tie", vigil.StreamQuery{OldestFirst: true, After: after},
			[]string{sort + "(sort_at=? AND id>?)", sort + "(sort_at>?)"}},
		{"one feed inside the tie", vigil.StreamQuery{FeedID: feedID, After: after},
			[]string{feedSort + "(feed_id=? AND sort_at=? AND id<?)", feedSort + "(feed_id=? AND sort_at<?)"}},
	} {
		l.q.UserID, l.q.Limit = userID, 1000
		query, args, err := db.StreamEntriesSQL(l.q)
		if err != nil {
			t.Fatal(err)
		}
		listings = append(listings, listing{"stream: " + l.name, query, args, l.steps})
	}
	for _, l := range []struct {
		name  string
		q     vigil.ItemQuery
		steps []string
	}{
		{"all feeds", vigil.ItemQuery{}, []string{"SCAN i USING INDEX items_sort"}},
		{"all feeds inside the tie", vigil.ItemQuery{Before: mid}, newer},
		{"unread inside the tie", vigil.ItemQuery{UnreadOnly: true, Before: mid}, newer},
		{"one feed inside the tie", vigil.ItemQuery{FeedID: feedID, Before: mid},
			[]string{feedSort + "(feed_id=? AND sort_at=? AND id<?)", feedSort + "(feed_id=? AND sort_at<?)"}},
		{"back inside the tie", vigil.ItemQuery{After: mid}, []string{sort + "(sort_at=? AND id>?)", sort + "(sort_at>?)"}},
	} {
		l.q.UserID = userID
		query, args := itemsQuery(l.q)
		listings = append(listings, listing{"items: " + l.name, query, args, l.steps})
	}
	for _, l := range listings {
		t.Run(l.name, func(t *testing.T) {
			plan := queryPlan(t, db, l.query, l.args...)
			if steps := itemSteps(plan); strings.Contains(plan, "TEMP B-TREE") || !slices.Equal(steps, l.steps) {
				t.Errorf("the plan reads the items by\n%s\nwant\n%s\nand no temporary B-tree; the whole plan:\n%s",
					strings.Join(steps, "\n"), strings.Join(l.steps, "\n"), plan)
			}
		})
	}
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

// openTiedGroup opens a store holding tiedItems items of one sort time in
// tiedFeeds feeds a user follows, every fourth read, analysed; it returns
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
	for f := range tiedFeeds {
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
			[]any{tiedItems, first, tiedFeeds, store.Instant(at), store.Instant(at)}},
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
