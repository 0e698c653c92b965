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
	"vigil/store/storetest"
)

// TestListingsNeverReadATiedGroup checks with EXPLAIN ANALYZE that every
// item listing, of the reader APIs and of vigil's own
// (storetest.TiedListings), reads at most twice its page of items, from an
// index in its order, when 40,000 items share one sort time, the first
// page and continuations inside the tied group alike, with the plan
// PostgreSQL makes for the values and the generic plan of a prepared
// statement: no sort, and not the tied group read to find where the page
// starts.
func TestListingsNeverReadATiedGroup(t *testing.T) {
	db := openTestDB(t)
	userID, feedID, at := fillTiedGroup(t, db)
	for _, mode := range []string{"auto", "force_generic_plan"} {
		for _, l := range storetest.TiedListings(userID, feedID, at) {
			t.Run(mode+"/"+l.Name, func(t *testing.T) {
				query, args, limit := listingSQL(t, db, l)
				plan := explainAnalyze(t, db.pool, mode, query, args)
				read, sorts := planItemsRead(plan.Plan)
				if sorts > 0 || read > 2*limit {
					text, _ := json.MarshalIndent(plan.Plan, "", " ")
					t.Errorf("the plan reads %d items for a page of %d and sorts %d times, want at most %d and no sort:\n%s",
						read, limit, sorts, 2*limit, text)
				}
			})
		}
	}
}

// listingSQL returns the statement of the listing l, its arguments and
// its page size.
func listingSQL(t *testing.T, db *DB, l storetest.TiedListing) (string, []any, int) {
	t.Helper()
	if l.Items != nil {
		query, args := itemsQuery(*l.Items)
		return query, args, store.PageLimit(l.Items.Limit)
	}
	query, args, err := db.StreamEntriesSQL(*l.Stream)
	if err != nil {
		t.Fatal(err)
	}
	return query, args, l.Stream.Limit
}

// fillTiedGroup stores storetest.TiedItems items of one sort time, IDs 1
// to TiedItems, in TiedFeeds feeds the user follows, every fourth read, and has PostgreSQL analyse them; it
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
	for f := range storetest.TiedFeeds {
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
			[]any{feeds, store.Instant(at), storetest.TiedItems, storetest.TiedFeeds}},
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
