package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"vigil"
	"vigil/store/fulltext"
	"vigil/store/storetest"
)

// TestSearchRankMatchesWholeVector checks that searchRank ranks every item
// a query finds as ts_rank over the item's whole search vector does, for
// queries of words in titles, in bodies, in both, repeated, and phrases,
// and prefixes that begin lexemes of titles, of bodies (several in one),
// of both, each other, or other words of the query.
func TestSearchRankMatchesWholeVector(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	db := openTestDB(t)
	storetest.FillForSize(t, db, 300)
	u := &vigil.User{Name: "rank"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://rank.example/feed", 1, at)
	if err != nil {
		t.Fatal(err)
	}
	items := []vigil.Item{
		{Key: "a", Hash: "a", Title: "Budget delay: budget of the city", Content: "<p>No delay in the budget, said the city.</p>"},
		{Key: "b", Hash: "b", Title: "Café crème", Content: "<p>Budget café, delay-free, crème brûlée; see delta.example.com:8080/path</p>"},
		{Key: "c", Hash: "c", Title: "Weather report", Content: "<p>Ink, inks, inner ink.</p>"},
		{Key: "d", Hash: "d", Title: "Status of delta.example.com:8080", Content: "<p>Deltas and delta.example.com:8080/status, delta time.</p>"},
	}
	if _, err := db.Ingest(ctx, vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: at, Status: 200}, Items: items},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{`budget`, `budget delay`, `delay budget budget`, `city`, `"budget delay"`, `cafe creme`, `free`, `the a of`, `weather sport music`, `at`, `data`, `creme`, `del*`, `bud* delay`, `a*`, `"budget delay" del*`, `cafe cr*`, `wea*`, `budget c*`, `de* del*`, `del* delay`, `bud* del*`, `del* budget city`, `br* cafe`, `cr*`, `delt*`, `delta* see`, `"budget delay" bu*`, `ci* no`, `i* city`, `in* budget`, `in*`, `in* weather`, `delt* status`} {
		terms := queryTerms(t, query)
		var p params
		q := p.add(tsQuery(terms))
		rank := searchRank(terms, q, &p)
		var found, differ int
		err = db.pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*), count(*) FILTER (WHERE %s <> ts_rank(%s, %s, q))
			FROM items i CROSS JOIN to_tsquery('simple', %s) q WHERE %s @@ q`, rank, rankWeights, searchVector, q, searchVector),
			p.args...).Scan(&found, &differ)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		if found == 0 || differ != 0 {
			t.Errorf("search %s: %d of %d items ranked otherwise than by their whole vector", query, differ, found)
		}
	}
}

// TestPrefixRankApplies checks which prefix queries prefixRank ranks
// without the whole vector: those whose prefixes begin no other prefix or
// word of the query.
func TestPrefixRankApplies(t *testing.T) {
	for _, c := range []struct {
		query string
		ok    bool
	}{
		{`del*`, true},
		{`bud* delay`, true},
		{`bud* del*`, true},
		{`"budget city" del*`, true},
		{`"budget delay" del*`, false},
		{`de* del*`, false},
		{`del* delay`, false},
		{`del* del*`, false},
		{`"delay budget" del*`, false},
	} {
		terms := queryTerms(t, c.query)
		var p params
		if _, ok := prefixRank(terms, p.add(tsQuery(terms)), &p); ok != c.ok {
			t.Errorf("%s: ranked without the whole vector %v, want %v", c.query, ok, c.ok)
		}
	}
}

// queryTerms parses a query and splits its words into lexemes, as
// SearchItems does.
func queryTerms(t *testing.T, query string) []fulltext.Term {
	t.Helper()
	terms, err := fulltext.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	terms, ok := lexemeTerms(terms)
	if !ok {
		t.Fatalf("query %q has a word too long to search", query)
	}
	return terms
}
