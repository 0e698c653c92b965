package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
)

// TestItemListingsWalkAnIndex checks with EXPLAIN QUERY PLAN that item
// listings read an index in their order and never sort all the rows they
// select (a temporary B-tree), which would make each page cost as much as
// all of a user's items.
func TestItemListingsWalkAnIndex(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cursor := vigil.ItemCursor{At: time.Unix(1700000000, 0), ID: 42}
	tests := []struct {
		name  string
		q     vigil.ItemQuery
		index string
	}{
		{"all feeds", vigil.ItemQuery{UserID: 1}, "items_sort"},
		{"all feeds after a cursor", vigil.ItemQuery{UserID: 1, Before: cursor}, "items_sort"},
		{"unread after a cursor", vigil.ItemQuery{UserID: 1, UnreadOnly: true, Before: cursor}, "items_sort"},
		{"one feed", vigil.ItemQuery{UserID: 1, FeedID: 7}, "items_feed_sort"},
		{"one feed after a cursor", vigil.ItemQuery{UserID: 1, FeedID: 7, Before: cursor, UnreadOnly: true}, "items_feed_sort"},
		{"every stored item", vigil.ItemQuery{Before: cursor}, "items_sort"},
		{"back before a cursor", vigil.ItemQuery{UserID: 1, After: cursor}, "items_sort"},
		{"one feed back before a cursor", vigil.ItemQuery{UserID: 1, FeedID: 7, After: cursor}, "items_feed_sort"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			query, args := itemsQuery(tt.q)
			plan := queryPlan(t, db, query, args...)
			if strings.Contains(plan, "TEMP B-TREE") {
				t.Errorf("the plan sorts in a temporary B-tree:\n%s", plan)
			}
			if !strings.Contains(plan, "USING INDEX "+tt.index+" (") && !strings.Contains(plan, "USING INDEX "+tt.index+"\n") {
				t.Errorf("the plan does not walk %s:\n%s", tt.index, plan)
			}
		})
	}
}

// queryPlan returns the details of EXPLAIN QUERY PLAN, one step a line.
func queryPlan(t *testing.T, db *DB, query string, args ...any) string {
	t.Helper()
	rows, err := db.read.Query("EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, notused int
		var detail string
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			t.Fatal(err)
		}
		b.WriteString(detail + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
