package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadOnlyCommandsCreateNothing runs the commands that only read on a
// database file that does not exist: each fails naming it, and none
// creates it; a command that writes then may.
func TestReadOnlyCommandsCreateNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "missing.db")
	for _, args := range [][]string{
		{"items"}, {"items", "--json"}, {"feeds"}, {"feeds", "--all"}, {"export"},
		{"search", "galaxy"}, {"search", "--channels", "galaxy"}, {"user", "list"},
		// Commands that work on stored users, feeds or changes have
		// nothing to do in a database that does not exist yet.
		{"changes"}, {"rate", "1", "significant"}, {"fetch"}, {"fetch", "--all"},
		{"digest", "--send", "2026-03-02"}, {"add", "http://example.org/feed"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, db, "", args...)
			if code != 1 || !strings.Contains(stderr, "no vigil database at "+db+"; run 'vigil user add' or 'vigil serve' to create one") {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if _, err := os.Stat(db); err == nil {
				t.Fatal("a read-only command created the database")
			}
		})
	}
	if code, _, stderr := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatalf("user add on a new database: %d %q", code, stderr)
	}
	if code, _, stderr := cli(t, db, "", "items"); code != 0 {
		t.Fatalf("items once the database exists: %d %q", code, stderr)
	}
}
