package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
	"vigil/store"
)

// tiedItems is how many items of one sort time the plan tests store, in
// tiedFeeds feeds: a plan that reads the tied group, or sorts it, reads
// thousands of rows for a page.
const (
	tiedFeeds = 8
	tiedItems = 40000
)

// TestListingsNeverReadATiedGroup checks with EXPLAIN ANALYZE that every
// item listing, of the reader APIs and of vigil's own, reads about a page
// of items from an index in its order when 40,000 items share one sort
// time (the reader APIs' pages of 1,000, vigil's of 50), the first page
// and continuations inside the tied group alike,
// with the plan PostgreSQL makes for the values and the generic plan of a
// prepared statement: no sort, and not the tied group read to find where
// the page starts.
func TestListingsNeverReadATiedGroup(t *testing.T) {
	db := openTestDB(t)
	userID, feedID, at := fillTiedGroup(t, db)
	mid := vigil.ItemCursor{At: at, ID: tiedItems / 2}
	after := &vigil.StreamCursor{At: at, ID: mid.ID}
	streams := []struct {
		name string
		q    vigil.StreamQuery
	}{
		{"reading list", vigil.StreamQuery{UserID: userID, Limit: 1000}},
		{"reading list up to the tie", vigil.StreamQuery{UserID: userID, Until: at, Limit: 1000}},
		{"reading list inside the tie", vigil.StreamQuery{UserID: userID, After: after, Limit: 1000}},
		{"unread inside the tie", vigil.StreamQuery{UserID: userID, ExcludeRead: true, After: after, Limit: 1000}},
		{"oldest first inside the tie", vigil.StreamQuery{UserID: userID, OldestFirst: true, After: after, Limit: 1000}},
		{"one feed inside the tie", vigil.StreamQuery{UserID: userID, FeedID: feedID, After: after, Limit: 1000}},
	}
	type listing struct {
		name  string
		query string
		args  []any
		limit int
	}
	var listings []listing
	for _, s := range streams {
		query, args, err := db.StreamEntriesSQL(s.q)
		if err != nil {
			t.Fatal(err)
		}
		listings = append(listings, listing{"stream: " + s.name, query, args, s.q.Limit})
	}
	for _, l := range []struct {
		name string
		q    vigil.ItemQuery
	}{
		{"all feeds", vigil.ItemQuery{UserID: userID}},
		{"all feeds inside the tie", vigil.ItemQuery{UserID: userID, Before: mid}},
		{"unread inside the tie", vigil.ItemQuery{UserID: userID, UnreadOnly: true, Before: mid}},
		{"one feed inside the tie", vigil.ItemQuery{UserID: userID, FeedID: feedID, Before: mid}},
		{"back inside the tie", vigil.ItemQuery{UserID: userID, After: mid}},
	} {
		query, args := itemsQuery(l.q)
		listings = append(listings, listing{"items: " + l.name, query, args, store.PageLimit(l.q.Limit)})
	}
	for _, mode := range []string{"auto", "force_generic_plan"} {
		for _, l := range listings {
			t.Run(mode+"/"+l.name, func(t *testing.T) {
				plan := explainAnalyze(t, db.pool, mode, l.query, l.args)
				read, sorts := planItemsRead(plan.Plan)
				if sorts > 0 || read > 2*l.limit {
					text, _ := json.MarshalIndent(plan.Plan, "", " ")
					t.Errorf("the plan reads %d items for a page of %d and sorts %d times, want at most %d and no sort:\n%s",
						read, l.limit, sorts, 2*l.limit, text)
				}
			})
		}
	}
}

// fillTiedGroup stores tiedItems items of one sort time in tiedFeeds feeds
// the user follows, every fourth read, and has PostgreSQL analyse them; it
// returns the user, one of the feeds and the items' sort time.
func fillTiedGroup(t *testing.T, db *DB) (userID, feedID int64, at time.Time) {
	t.Helper()
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	at = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var feeds []int64
	for f := range tiedFeeds {
		sub, err := db.Subscribe(ctx, u.ID, fmt.Sprintf("https://%d.example/feed", f), 1, at)
		if err != nil {
			t.Fatal(err)
		}
		feeds = append(feeds, sub.Feed.ID)
	}
	for _, stmt := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO items (id, feed_id, key, hash, seen, sort_at)
		  SELECT g, ($1::bigint[])[1 + g % $4], 'k' || g, 'h' || g, $2, $2 FROM generate_series(1, $3::int) AS g`,
			[]any{feeds, store.Instant(at), tiedItems, tiedFeeds}},
		{`INSERT INTO item_states (user_id, item_id, feed_id, read)
		  SELECT $1, id, feed_id, true FROM items WHERE id % 4 = 0`, []any{u.ID}},
		{`ANALYZE items, item_states, subscriptions, feeds`, nil},
	} {
		if _, err := db.pool.Exec(ctx, stmt.sql, stmt.args...); err != nil {
			t.Fatalf("%.40s: %v", stmt.sql, err)
		}
	}
	return u.ID, feeds[0], at
}

// explainPlan is what EXPLAIN (ANALYZE, FORMAT JSON) returns of a plan.
type explainPlan struct {
	Plan planNode `json:"Plan"`
}

// planNode is a node of a plan as EXPLAIN (ANALYZE, FORMAT JSON) gives it.
type planNode struct {
	NodeType       string     `json:"Node Type"`
	Relation       string     `json:"Relation Name,omitempty"`
	IndexName      string     `json:"Index Name,omitempty"`
	IndexCond      string     `json:"Index Cond,omitempty"`
	Filter         string     `json:"Filter,omitempty"`
	ActualRows     float64    `json:"Actual Rows"`
	ActualLoops    float64    `json:"Actual Loops"`
	RemovedFilter  float64    `json:"Rows Removed by Filter,omitempty"`
	RemovedRecheck float64    `json:"Rows Removed by Index Recheck,omitempty"`
	Plans          []planNode `json:"Plans,omitempty"`
}

// explainAnalyze runs query with args under EXPLAIN ANALYZE with
// plan_cache_mode set to mode, on a connection of its own.
func explainAnalyze(t *testing.T, pool *pgxpool.Pool, mode, query string, args []any) explainPlan {
	t.Helper()
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SET plan_cache_mode = `+mode); err != nil {
		t.Fatal(err)
	}
	defer conn.Exec(ctx, `RESET plan_cache_mode`)
	var out []byte
	if err := conn.QueryRow(ctx, `EXPLAIN (ANALYZE, FORMAT JSON) `+query, args...).Scan(&out); err != nil {
		t.Fatalf("%v\n%s", err, query)
	}
	var plans []explainPlan
	if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
		t.Fatalf("EXPLAIN gave %s (%v)", out, err)
	}
	return plans[0]
}

// planItemsRead returns how many rows of items the plan read, kept or
// filtered out, over every loop, and how many sorts it has.
func planItemsRead(n planNode) (read, sorts int) {
	if n.Relation == "items" {
		read = int(n.ActualLoops * (n.ActualRows + n.RemovedFilter + n.RemovedRecheck))
	}
	if strings.HasSuffix(n.NodeType, "Sort") {
		sorts++
	}
	for _, c := range n.Plans {
		r, s := planItemsRead(c)
		read, sorts = read+r, sorts+s
	}
	return read, sorts
}
