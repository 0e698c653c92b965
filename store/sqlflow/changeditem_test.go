package sqlflow

import (
	"database/sql"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// TestChangedItemPlace checks that an edited item keeps its stored ID and
// first sighting, and that a new one is seen now under the ID taken for
// it, or none.
func TestChangedItemPlace(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	stored := now.Add(-time.Hour)
	tests := []struct {
		name     string
		c        ChangedItem
		wantNew  bool
		wantID   int64
		wantSeen time.Time
	}{
		{"edited", ChangedItem{ID: sql.NullInt64{Int64: 5, Valid: true}, Seen: store.Nanos(stored)}, false, 5, stored},
		{"new with an ID taken", ChangedItem{NewID: sql.NullInt64{Int64: 9, Valid: true}}, true, 9, now},
		{"new, numbered on insert", ChangedItem{}, true, 0, now},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := vigil.Item{ID: 77}
			if got := tt.c.Place(&it, now); got != tt.wantNew {
				t.Errorf("new %v, want %v", got, tt.wantNew)
			}
			if it.ID != tt.wantID || !it.Seen.Equal(tt.wantSeen) {
				t.Errorf("ID %d seen %v, want %d and %v", it.ID, it.Seen, tt.wantID, tt.wantSeen)
			}
		})
	}
}
