package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// TestConformance runs the behaviour suite every store passes on
// PostgreSQL, each behaviour in a schema of its own, 8 at a time: the
// server does the work while the test process waits (docs/architecture.md,
// Testing, has the figures).
func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Harness{
		Parallel: 8,
		New:      pgtest.Schema,
		Open: func(name string) (store.Store, error) {
			return postgres.Open(context.Background(), name)
		},
		DeleteFeed: func(t testing.TB, s store.Store, feedID int64) {
			rawExec(t, s, `DELETE FROM feeds WHERE id = $1`, feedID)
		},
		InsertRule: func(t testing.TB, s store.Store, userID int64, query string) {
			rawExec(t, s, `INSERT INTO alert_rules (user_id, query, created_at) VALUES ($1, $2, $3)`, userID, query, int64(1))
		},
		RefuseCohesion: func(t testing.TB, s store.Store, cohesion float64) {
			rawExec(t, s, fmt.Sprintf(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN IF new.cohesion = %v THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN new; END $$`, cohesion))
			rawExec(t, s, `CREATE TRIGGER refuse BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION refuse()`)
		},
	})
}

// rawExec runs a statement on the store's database directly, for what the
// store offers no method for.
func rawExec(t testing.TB, s store.Store, query string, args ...any) {
	t.Helper()
	if _, err := s.(*postgres.DB).Pool().Exec(context.Background(), query, args...); err != nil {
		t.Fatal(err)
	}
}
