package store_test

import (
	"context"
	"fmt"
	"testing"

	"vigil"
	"vigil/store"
	"vigil/store/storetest"
)

// BenchmarkMatchItems times matching alone: 50 items of 300 words
// (storetest.HeavyItems) against one user's 100 rules of the maximum size
// (storetest.HeavyRule: 32 terms, words and prefixes, every one looked
// up), as an ingest of 50 new items with such rules does before its write
// transaction.
func BenchmarkMatchItems(b *testing.B) {
	items := make([]vigil.Item, 50)
	for i := range items {
		items[i] = vigil.Item{Key: fmt.Sprint(i), Title: "t"}
	}
	items = storetest.HeavyItems(items)
	var targets []store.RuleTarget
	for r := range vigil.MaxAlertRulesPerUser {
		targets = append(targets, store.RuleTarget{ChannelID: 1, RuleID: int64(r + 1), Query: storetest.HeavyRule(r)})
	}
	rules := store.NewRuleCache()
	for b.Loop() {
		if _, err := store.MatchItems(context.Background(), rules, targets, items); err != nil {
			b.Fatal(err)
		}
	}
}
