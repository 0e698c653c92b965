package sqlite

import "vigil/store/sqlflow"

// schemaPlanStates keeps each policy's last whole plan (store.PlanStates).
const schemaPlanStates = `
CREATE TABLE plan_states (
	policy     TEXT PRIMARY KEY,
	state      BLOB NOT NULL,
	planned_at INTEGER NOT NULL
) WITHOUT ROWID;
`

// planStateSQL is the SQLite text of the plan state statements.
var planStateSQL = sqlflow.PlanStateSQL{
	Read: `SELECT state, planned_at FROM plan_states WHERE policy = ?`,
	Save: `INSERT INTO plan_states (policy, state, planned_at) VALUES (?, ?, ?)
		 ON CONFLICT (policy) DO UPDATE SET state = excluded.state, planned_at = excluded.planned_at`,
}
