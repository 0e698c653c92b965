package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// TestReaderQueriesWalkAnIndex checks with EXPLAIN QUERY PLAN that the
// queries of a reader app's sync never sort every item of the user's
// feeds: stream listings walk an index in their order, and items asked by
// ID are looked up by rowid rather than found by walking every item of
// every feed the user follows.
func TestReaderQueriesWalkAnIndex(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	until := time.Unix(1700000000, 0)
	tests := []struct {
		name string
		q    vigil.StreamQuery
		want string
	}{
		{"reading list", vigil.StreamQuery{UserID: 1}, "INDEX items_sort"},
		{"reading list up to a time", vigil.StreamQuery{UserID: 1, Until: until}, "INDEX items_sort"},
		{"unread, oldest first", vigil.StreamQuery{UserID: 1, ExcludeRead: true, OldestFirst: true}, "INDEX items_sort"},
		{"one feed", vigil.StreamQuery{UserID: 1, FeedID: 7, ExcludeRead: true}, "INDEX items_feed_sort"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []any{tt.q.UserID}
			query := streamSQL.Entries + streamEntriesFrom(tt.q) + streamSQL.Where
			if tt.q.FeedID != 0 {
				query += `AND i.feed_id = ? `
				args = append(args, tt.q.FeedID)
			}
			if tt.q.ExcludeRead {
				query += `AND ` + streamSQL.Unread + ` `
			}
			if !tt.q.Until.IsZero() {
				query += `AND i.sort_at <= ? `
				args = append(args, store.Instant(tt.q.Until))
			}
			plan := queryPlan(t, db, query+store.StreamOrder(tt.q)+` LIMIT 1000`, args...)
			if strings.Contains(plan, "TEMP B-TREE") || !strings.Contains(plan, tt.want) {
				t.Errorf("the plan sorts in a temporary B-tree or does not walk %s:\n%s", tt.want, plan)
			}
		})
	}
	t.Run("items by ID", func(t *testing.T) {
		// The planner's choice depends on how many IDs there are: with a
		// few it starts from the items whatever the query says.
		ids := make([]int64, streamSQL.ByIDsBatch)
		for i := range ids {
			ids[i] = int64(3 * i)
		}
		query, args := itemsByIDQuery(1, ids)
		plan := queryPlan(t, db, query, args...)
		if first, _, _ := strings.Cut(plan, "\n"); !strings.Contains(first, "SEARCH i USING INTEGER PRIMARY KEY") {
			t.Errorf("the plan does not start from the items asked:\n%s", plan)
		}
	})
}
