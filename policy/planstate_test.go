package policy

import (
	"testing"
	"time"

	"vigil"
)

// TestRestoredPlanMatchesReplan stores accrued's plan and takes it back in
// a fresh Live, as a later `vigil fetch` does: every feed's next fetch is
// the one the re-plan gave, with the budget per followed feed and with an
// absolute budget.
func TestRestoredPlanMatchesReplan(t *testing.T) {
	last := t0.Add(-10 * time.Minute)
	feeds := []vigil.Feed{liveFeed(t, 1, 2, last), liveFeed(t, 2, 30, last), liveFeed(t, 3, 0.2, last), {ID: 4, Subscribers: 1, Weight: 1}}
	cases := []struct {
		name            string
		perDay, perFeed float64
	}{
		{"per feed", 0, 24},
		{"absolute budget", 20, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			planned, err := NewLive("accrued", DefaultConfig, 0.2, c.perDay, c.perFeed)
			if err != nil {
				t.Fatal(err)
			}
			want, err := planned.Replan(feeds, nil, nil, t0)
			if err != nil {
				t.Fatal(err)
			}
			state, ok, err := planned.PlanState()
			if err != nil || !ok {
				t.Fatalf("accrued's plan not kept: ok %v, %v", ok, err)
			}
			fresh, err := NewLive("accrued", DefaultConfig, 0.2, c.perDay, c.perFeed)
			if err != nil {
				t.Fatal(err)
			}
			before := fresh.Next(&feeds[0], t0)
			if err := fresh.RestorePlan(state); err != nil {
				t.Fatal(err)
			}
			for i := range feeds {
				got := fresh.Next(&feeds[i], t0)
				if w, ok := want[feeds[i].ID]; ok && !got.Equal(w) {
					t.Errorf("feed %d: restored plan fetches at %v, the re-plan at %v", feeds[i].ID, got, w)
				}
				if p := planned.Next(&feeds[i], t0); !got.Equal(p) {
					t.Errorf("feed %d: restored plan fetches at %v, the planned policy at %v", feeds[i].ID, got, p)
				}
			}
			if got := fresh.Next(&feeds[0], t0); got.Equal(before) {
				t.Errorf("restoring changed nothing: the uncalibrated policy also fetches at %v", got)
			}
		})
	}
}

// TestRestorePlanRefuses lists stored plans a Live must not take back:
// each fails and leaves the policy as it was.
func TestRestorePlanRefuses(t *testing.T) {
	last := t0.Add(-10 * time.Minute)
	feeds := []vigil.Feed{liveFeed(t, 1, 2, last), liveFeed(t, 2, 30, last)}
	planned, err := NewLive("accrued", DefaultConfig, 0.2, 20, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := planned.Replan(feeds, nil, nil, t0); err != nil {
		t.Fatal(err)
	}
	state, _, err := planned.PlanState()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		policy string
		perDay float64
		state  string
	}{
		{"another budget", "accrued", 40, string(state)},
		{"not JSON", "accrued", 20, "{theta"},
		{"negative threshold", "accrued", 20, `{"per_day":20,"plan":{"theta":-1,"fair_gap":0,"floor_scale":1}}`},
		{"a policy that places per source", "combined", 20, string(state)},
		{"other tracking settings", "accrued-untracked", 20, string(state)},
		{"no tracking settings (stored before they were)", "accrued", 20, `{"per_day":20,"plan":{"theta":1,"fair_gap":0,"floor_scale":1}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, name := DefaultConfig, c.policy
			if name == "accrued-untracked" {
				cfg.Tracking, name = Tracking{Off: true}, "accrued"
			}
			l, err := NewLive(name, cfg, 0.2, c.perDay, 0)
			if err != nil {
				t.Fatal(err)
			}
			before := l.Next(&feeds[1], t0)
			if err := l.RestorePlan([]byte(c.state)); err == nil {
				t.Fatal("restored")
			}
			if got := l.Next(&feeds[1], t0); !got.Equal(before) {
				t.Errorf("a refused plan changed the next fetch from %v to %v", before, got)
			}
		})
	}
	if _, ok, _ := mustLive(t, "combined").PlanState(); ok {
		t.Error("combined claims to keep its plan in a few numbers")
	}
}

func mustLive(t *testing.T, name string) *Live {
	t.Helper()
	l, err := NewLive(name, DefaultConfig, 0.2, 20, 0)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
