package sqlite_test

import (
	"slices"
	"testing"
)

// TestItemsByIDAcrossBatches reads more IDs than one SQLite query takes,
// scrambled and with unknown ones among them, and checks that every batch
// comes back in the order asked.
func TestItemsByIDAcrossBatches(t *testing.T) {
	db := openTest(t)
	ann := mustUser(t, db, "ann")
	feed := mustSubscribe(t, db, ann.ID, "https://example.com/many")
	mustIngest(t, db, feed, t0, makeItems("m", 1200))
	all, err := db.ItemsAfter(ctx, 0, 2000)
	if err != nil || len(all) != 1200 {
		t.Fatalf("ItemsAfter: %d items, %v", len(all), err)
	}
	stored := make([]int64, len(all))
	for i, it := range all {
		stored[i] = it.ID
	}
	tests := []struct {
		name string
		ids  []int64
		want []int64
	}{
		{"one batch", stored[:10], stored[:10]},
		{"exactly one full batch", stored[:500], stored[:500]},
		{"three batches, newest first", reversed(stored), reversed(stored)},
		{"unknown IDs left out", append([]int64{999999}, stored[:600]...), stored[:600]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, err := db.ItemsByID(ctx, ann.ID, tt.ids)
			if err != nil {
				t.Fatal(err)
			}
			got := make([]int64, len(items))
			for i, it := range items {
				got[i] = it.ID
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("got %d IDs (first %v), want %d (first %v)", len(got), got[:min(3, len(got))], len(tt.want), tt.want[:min(3, len(tt.want))])
			}
		})
	}
}

// reversed returns a reversed copy of ids.
func reversed(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}
