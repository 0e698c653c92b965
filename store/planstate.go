package store

import (
	"context"
	"time"
)

// PlanStates keeps the refresh policy's last whole plan between processes,
// so that a `vigil fetch` run from cron can reuse a fresh plan instead of
// re-planning every feed at start-up.
type PlanStates interface {
	// PlanState returns the state stored under the policy's name and when
	// it was planned, or ENOTFOUND.
	PlanState(ctx context.Context, policy string) ([]byte, time.Time, error)
	// SavePlanState stores a policy's plan state made at at, replacing the
	// one stored before.
	SavePlanState(ctx context.Context, policy string, state []byte, at time.Time) error
}
