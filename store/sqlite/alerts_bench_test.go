package sqlite_test

import (
	"fmt"
	"testing"
	"time"

	"vigil"
)

// BenchmarkIngestWithAlertRules measures a fetch of a 50-item feed that
// brings 5 new items when the feed's follower has a channel and rules
// (none of which match, or one that matches every new item): the cost the
// outbox adds to an ingest, against BenchmarkIngest's "5 new".
func BenchmarkIngestWithAlertRules(b *testing.B) {
	for _, tc := range []struct {
		name    string
		queries []string
	}{
		{"5 rules no match", []string{"eclipse", `"solar storm"`, "comet*", "nebula", "quasar"}},
		{"1 rule every item", []string{"item"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			db := openTest(b)
			ann := mustUser(b, db, "ann")
			id := mustSubscribe(b, db, ann.ID, "https://example.com/feed")
			if _, err := db.AddChannel(ctx, vigil.Channel{UserID: ann.ID, URL: "ntfy://ntfy.example/ann", Created: t0}); err != nil {
				b.Fatal(err)
			}
			for _, q := range tc.queries {
				if _, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: ann.ID, Query: q, Created: t0}); err != nil {
					b.Fatal(err)
				}
			}
			items := makeItems("k", 50)
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
				for j := range 5 {
					items[j].Key = fmt.Sprintf("new-%d-%d", n, j)
				}
				got, err := db.Ingest(ctx, fetched(id, t0.Add(time.Duration(n)*time.Second), items), decide)
				if err != nil || len(got.New) != 5 {
					b.Fatalf("Ingest = %d new, %v; want 5 new", len(got.New), err)
				}
			}
		})
	}
}
