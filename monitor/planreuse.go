package monitor

import (
	"context"
	"encoding/json"
	"math"
	"time"

	"vigil"
)

// PlanKeeper is a Replanner whose whole plan can be stored and taken back
// by a later process (policy.Live under accrued), so that `vigil fetch`
// reuses a fresh plan instead of re-planning every feed at start-up.
type PlanKeeper interface {
	Replanner
	// PlanState returns the last plan's state; ok is false when the policy
	// cannot keep its plan.
	PlanState() (state []byte, ok bool, err error)
	// RestorePlan takes back a state PlanState returned.
	RestorePlan(state []byte) error
}

// storedPlan is what the monitor stores of a plan: the planner's state and
// the followed feeds it was made for, so that a plan made for other feeds
// or weights is not reused.
type storedPlan struct {
	Followers followers       `json:"followers"`
	Plan      json.RawMessage `json:"plan"`
}

// followers sums up the subscriptions a plan was made for: how many feeds
// are followed and the total of their readers' weights.
type followers struct {
	Feeds  int     `json:"feeds"`
	Weight float64 `json:"weight"`
}

// followersOf sums up readers.
func followersOf(readers []vigil.Reader) followers {
	seen := make(map[int64]bool, len(readers))
	var f followers
	for _, r := range readers {
		if !seen[r.FeedID] {
			seen[r.FeedID] = true
			f.Feeds++
		}
		f.Weight += r.Weight
	}
	return f
}

// same tells whether f and g sum up the same subscriptions; weights are
// compared to a relative 1e-9, as a sum in another order may differ in its
// last bits.
func (f followers) same(g followers) bool {
	return f.Feeds == g.Feeds && math.Abs(f.Weight-g.Weight) <= 1e-9*max(1, math.Abs(g.Weight))
}

// keepPlan stores the plan just made for readers at now, when the planner
// can keep it.
func (m *Monitor) keepPlan(ctx context.Context, readers []vigil.Reader, now time.Time) {
	pk, ok := m.planner.(PlanKeeper)
	if !ok {
		return
	}
	state, ok, err := pk.PlanState()
	if err != nil || !ok {
		if err != nil {
			m.log.Error("re-planning: reading the plan to store", "error", err)
		}
		return
	}
	b, err := json.Marshal(storedPlan{Followers: followersOf(readers), Plan: state})
	if err == nil {
		err = m.st.SavePlanState(ctx, m.planner.Name(), b, now)
	}
	if err != nil {
		m.log.Error("re-planning: storing the plan", "error", err)
	}
}

// reusePlan takes back the stored plan when it is fresh (made less than
// the Replan period before now, for the same followed feeds and weights)
// and reports whether it did; otherwise the caller re-plans.
func (m *Monitor) reusePlan(ctx context.Context, now time.Time) bool {
	pk, ok := m.planner.(PlanKeeper)
	if !ok {
		return false
	}
	b, at, err := m.st.PlanState(ctx, m.planner.Name())
	if err != nil || at.After(now) || now.Sub(at) >= m.cfg.Replan {
		return false
	}
	var sp storedPlan
	if err := json.Unmarshal(b, &sp); err != nil {
		return false
	}
	readers, err := m.st.Readers(ctx)
	if err != nil || !followersOf(readers).same(sp.Followers) {
		return false
	}
	if err := pk.RestorePlan(sp.Plan); err != nil {
		m.log.Info("not reusing the stored plan", "error", err)
		return false
	}
	m.log.Debug("reusing the stored plan", "planner", m.planner.Name(), "planned", at)
	return true
}
