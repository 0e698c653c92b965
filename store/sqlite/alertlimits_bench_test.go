package sqlite_test

import (
	"fmt"
	"testing"
	"time"

	"vigil"
	"vigil/store/storetest"
)

// BenchmarkIngestAlertRuleLimits measures an ingest of a 50-item fetch
// (all 50 new, or 5 new and 45 stored before) of a feed whose follower
// has a channel and no rule, or vigil.MaxAlertRulesPerUser rules of the
// maximum size (storetest.HeavyRule: 32 terms, about 1,000 bytes, every
// one looked up, none matching): the most matching one user may cause
// per fetch, against none.
func BenchmarkIngestAlertRuleLimits(b *testing.B) {
	for _, rules := range []int{0, vigil.MaxAlertRulesPerUser} {
		for _, fresh := range []int{50, 5} {
			b.Run(fmt.Sprintf("%d new of 50, %d rules", fresh, rules), func(b *testing.B) {
				benchIngestWithRules(b, rules, fresh)
			})
		}
	}
}

// benchIngestWithRules times ingests of 50 heavy items, fresh of them new
// each time, with the follower's rules heavy ones.
func benchIngestWithRules(b *testing.B, rules, fresh int) {
	db := openTest(b)
	ann := mustUser(b, db, "ann")
	id := mustSubscribe(b, db, ann.ID, "https://example.com/feed")
	if _, err := db.AddChannel(ctx, vigil.Channel{UserID: ann.ID, URL: "ntfy://ntfy.example/ann", Created: t0}); err != nil {
		b.Fatal(err)
	}
	for r := range rules {
		if _, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: ann.ID, Query: storetest.HeavyRule(r), Created: t0}); err != nil {
			b.Fatal(err)
		}
	}
	items := storetest.HeavyItems(makeItems("k", 50))
	// Fetched before, so that its new items are news to match, not its
	// backlog (sqlflow.Store.MatchItemAlerts).
	decide := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		return &vigil.Feed{Title: "Example", Status: vigil.FeedActive, LastSuccess: t0, NextFetch: t0.Add(time.Hour)}, nil
	}
	if _, err := db.Ingest(ctx, fetched(id, t0, items), decide); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for n := 0; b.Loop(); n++ {
		for j := range fresh {
			items[j].Key = fmt.Sprintf("new-%d-%d", n, j)
		}
		got, err := db.Ingest(ctx, fetched(id, t0.Add(time.Duration(n)*time.Second), items), decide)
		if err != nil || len(got.New) != fresh {
			b.Fatalf("Ingest = %d new, %v; want %d", len(got.New), err, fresh)
		}
	}
}
