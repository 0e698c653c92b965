package postgres

import "vigil/store/sqlflow"

// schemaV5 keeps each policy's last whole plan (store.PlanStates), as the
// SQLite store's plan_states table does.
const schemaV5 = `
CREATE TABLE plan_states (
	policy     TEXT PRIMARY KEY,
	state      BYTEA NOT NULL,
	planned_at BIGINT NOT NULL
);
`

// planStateSQL is the PostgreSQL text of the plan state statements.
var planStateSQL = sqlflow.PlanStateSQL{
	Read: `SELECT state, planned_at FROM plan_states WHERE policy = $1`,
	Save: `INSERT INTO plan_states (policy, state, planned_at) VALUES ($1, $2, $3)
		 ON CONFLICT (policy) DO UPDATE SET state = excluded.state, planned_at = excluded.planned_at`,
}
