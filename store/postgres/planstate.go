package postgres

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store"
)

// schemaV5 keeps each policy's last whole plan (store.PlanStates), as the
// SQLite store's plan_states table does.
const schemaV5 = `
CREATE TABLE plan_states (
	policy     TEXT PRIMARY KEY,
	state      BYTEA NOT NULL,
	planned_at BIGINT NOT NULL
);
`

// PlanState returns the plan state stored for policy and when it was
// planned, or ENOTFOUND.
func (db *DB) PlanState(ctx context.Context, policy string) ([]byte, time.Time, error) {
	var (
		state []byte
		at    sql.NullInt64
	)
	err := db.pool.QueryRow(ctx, `SELECT state, planned_at FROM plan_states WHERE policy = $1`, policy).Scan(&state, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, time.Time{}, vigil.Errorf(vigil.ENOTFOUND, "no stored plan for policy %s", policy)
	}
	if err != nil {
		return nil, time.Time{}, wrap("read the stored plan", err)
	}
	return state, store.FromNanos(at), nil
}

// SavePlanState stores policy's plan state made at at, replacing the
// previous one.
func (db *DB) SavePlanState(ctx context.Context, policy string, state []byte, at time.Time) error {
	_, err := db.pool.Exec(ctx,
		`INSERT INTO plan_states (policy, state, planned_at) VALUES ($1, $2, $3)
		 ON CONFLICT (policy) DO UPDATE SET state = excluded.state, planned_at = excluded.planned_at`,
		policy, state, store.Nanos(at))
	if err != nil {
		return wrap("store the plan", err)
	}
	return nil
}
