package sqlite_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"vigil/store"
	"vigil/store/sqlite"
	"vigil/store/storetest"
)

// TestConformance runs the behaviour suite every store passes on SQLite
// files.
func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Harness{
		New: func(t testing.TB) string { return filepath.Join(t.TempDir(), "vigil.db") },
		Open: func(name string) (store.Store, error) {
			return sqlite.Open(name)
		},
		DeleteFeed: func(t testing.TB, s store.Store, feedID int64) {
			rawExec(t, s, `DELETE FROM feeds WHERE id = ?`, feedID)
		},
		InsertRule: func(t testing.TB, s store.Store, userID int64, query string) {
			rawExec(t, s, `INSERT INTO alert_rules (user_id, query, created_at) VALUES (?, ?, ?)`, userID, query, int64(1))
		},
		RefuseCohesion: func(t testing.TB, s store.Store, cohesion float64) {
			rawExec(t, s, fmt.Sprintf(`CREATE TRIGGER refuse BEFORE UPDATE ON profiles WHEN new.cohesion = %v
				BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`, cohesion))
		},
	})
}

// rawExec runs a statement on a second, plain connection to the database
// file of s, with foreign keys on, for what the store offers no method for.
func rawExec(t testing.TB, s store.Store, query string, args ...any) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+s.(*sqlite.DB).Path()+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(query, args...); err != nil {
		t.Fatal(err)
	}
}
