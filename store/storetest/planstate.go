package storetest

import (
	"testing"
	"time"

	"vigil"
)

// testPlanState stores, replaces and reads back plan states per policy.
func testPlanState(t *testing.T, h Harness) {
	db := h.open(t)
	if _, _, err := db.PlanState(ctx, "accrued"); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Fatalf("no plan stored: got %v, want ENOTFOUND", err)
	}
	steps := []struct {
		policy, state string
		at            time.Time
	}{
		{"accrued", `{"theta":1}`, t0},
		{"combined", `{"x":2}`, t0.Add(time.Minute)},
		{"accrued", `{"theta":2}`, t0.Add(time.Hour)}, // replaces the first
	}
	for _, s := range steps {
		if err := db.SavePlanState(ctx, s.policy, []byte(s.state), s.at); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range steps[1:] {
		state, got, err := db.PlanState(ctx, want.policy)
		if err != nil || string(state) != want.state || !got.Equal(want.at) {
			t.Errorf("%s: got %s at %v (%v), want %s at %v", want.policy, state, got, err, want.state, want.at)
		}
	}
}
