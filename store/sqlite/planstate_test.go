package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"vigil"
)

// TestPlanState stores, replaces and reads back plan states per policy,
// across a reopening of the file.
func TestPlanState(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.PlanState(ctx, "accrued"); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Fatalf("no plan stored: got %v, want ENOTFOUND", err)
	}
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	steps := []struct {
		policy, state string
		at            time.Time
	}{
		{"accrued", `{"theta":1}`, at},
		{"combined", `{"x":2}`, at.Add(time.Minute)},
		{"accrued", `{"theta":2}`, at.Add(time.Hour)}, // replaces the first
	}
	for _, s := range steps {
		if err := db.SavePlanState(ctx, s.policy, []byte(s.state), s.at); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, want := range steps[1:] {
		state, got, err := db.PlanState(ctx, want.policy)
		if err != nil || string(state) != want.state || !got.Equal(want.at) {
			t.Errorf("%s: got %s at %v (%v), want %s at %v", want.policy, state, got, err, want.state, want.at)
		}
	}
}
