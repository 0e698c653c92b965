package sqlflow

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vigil"
	"vigil/store"
)

// PlanStateSQL is the text of the plan state statements.
type PlanStateSQL struct {
	// Read returns the state and planning time of the policy $1.
	Read string
	// Save stores the state $2 of the policy $1 planned at $3, replacing
	// the previous one.
	Save string
}

// PlanState returns the plan state stored for policy and when it was
// planned, or ENOTFOUND.
func (s *Store) PlanState(ctx context.Context, policy string) ([]byte, time.Time, error) {
	var (
		state []byte
		at    sql.NullInt64
	)
	err := s.conn.Read().QueryRow(ctx, s.sql.PlanState.Read, policy).Scan(&state, &at)
	if errors.Is(err, ErrNoRows) {
		return nil, time.Time{}, vigil.Errorf(vigil.ENOTFOUND, "no stored plan for policy %s", policy)
	}
	if err != nil {
		return nil, time.Time{}, s.d.Wrap("read the stored plan", err)
	}
	return state, store.FromNanos(at), nil
}

// SavePlanState stores policy's plan state made at at, replacing the
// previous one.
func (s *Store) SavePlanState(ctx context.Context, policy string, state []byte, at time.Time) error {
	_, err := s.conn.Write().Exec(ctx, s.sql.PlanState.Save, policy, state, store.Nanos(at))
	return s.d.WrapIf("store the plan", err)
}
