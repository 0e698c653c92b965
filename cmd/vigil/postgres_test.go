package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"vigil"
	"vigil/store/postgres/pgtest"
)

// TestCommandsOnEitherStore runs the same command lines against a SQLite
// file and a PostgreSQL database named by --db (through VIGIL_DB): one
// opener serves every command.
func TestCommandsOnEitherStore(t *testing.T) {
	tests := []struct {
		name string
		db   func(t testing.TB) string
	}{
		{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "v.db") }},
		{"postgres", pgtest.Schema},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, srv := tt.db(t), feedServer(t)
			steps := [][]string{
				{"user", "add", "ann"},
				{"add", srv.URL + "/a"},
				{"fetch", "--all", "--allow-private", "--host-gap", "0"},
			}
			for _, args := range steps {
				if code, out, stderr := cli(t, db, "", args...); code != 0 {
					t.Fatalf("%v: %d %q %q", args, code, out, stderr)
				}
			}
			code, out, stderr := cli(t, db, "", "search", "--json", "more")
			var items []vigil.Item
			if err := json.Unmarshal([]byte(out), &items); err != nil || code != 0 {
				t.Fatalf("search --json: %d %v %q %q", code, err, out, stderr)
			}
			if len(items) != 1 || items[0].Title != "Two & more" {
				t.Errorf("search found %+v, want the item titled Two & more", items)
			}
			if code, out, _ := cli(t, db, "", "feeds"); code != 0 || !strings.Contains(out, srv.URL+"/a") {
				t.Errorf("feeds: %d %q", code, out)
			}
		})
	}
}

func TestBadPostgresURLIsAClearError(t *testing.T) {
	code, _, stderr := cli(t, "postgres://nobody:secret@127.0.0.1:1/none?connect_timeout=2", "", "feeds")
	if code != 1 || !strings.Contains(stderr, "unable to connect") || strings.Contains(stderr, "secret") {
		t.Errorf("feeds on an unreachable server: %d %q, want a clear error without the password", code, stderr)
	}
}
