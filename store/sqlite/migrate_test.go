package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func TestMigrationsApplyInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(append([]string{}, saved...),
		`CREATE TABLE extra (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`,
		`INSERT INTO extra (note) SELECT 'after ' || count(*) FROM sqlite_schema WHERE name = 'extra'`,
	)
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	version, err := userVersion(context.Background(), db.read)
	if err != nil || version != len(saved)+2 {
		t.Errorf("user_version = %d (%v), want %d", version, err, len(saved)+2)
	}
	var note string
	if err := db.read.QueryRow(`SELECT note FROM extra`).Scan(&note); err != nil || note != "after 1" {
		t.Errorf("second new migration saw %q (%v), want it to run after the first", note, err)
	}
}

func TestFailedMigrationRollsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(append([]string{}, saved...), `CREATE TABLE half (id INTEGER); SELECT no_such_function()`)
	_, err := Open(path)
	failing := fmt.Sprintf("migration %d", len(saved)+1)
	if err == nil || !strings.Contains(err.Error(), failing) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Open = %v, want an error naming %s and the path", err, failing)
	}
	migrations = saved
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	version, err := userVersion(context.Background(), db.read)
	if err != nil || version != len(saved) {
		t.Errorf("user_version = %d (%v), want %d", version, err, len(saved))
	}
	var n int
	if err := db.read.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'half'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the failed migration left its table behind (%d, %v)", n, err)
	}
}
