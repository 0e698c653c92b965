package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"vigil"
	"vigil/store/postgres"
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

func TestMigrateCommand(t *testing.T) {
	from, srv := filepath.Join(t.TempDir(), "v.db"), feedServer(t)
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", srv.URL + "/a"}, {"fetch", "--all", "--allow-private", "--host-gap", "0"}} {
		if code, out, stderr := cli(t, from, "", args...); code != 0 {
			t.Fatalf("%v: %d %q %q", args, code, out, stderr)
		}
	}
	to := pgtest.Schema(t)
	code, out, stderr := cli(t, "", "", "migrate", "--from", from, "--to", to)
	if code != 0 || !strings.Contains(out, "verified every table") || !regexp.MustCompile(`(?m)^items +2 `).MatchString(out) {
		t.Fatalf("migrate: %d %q %q", code, out, stderr)
	}
	if code, out, _ := cli(t, to, "", "items"); code != 0 || !strings.Contains(out, "Two & more") {
		t.Errorf("items on the copy: %d %q", code, out)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"again into the now full target", []string{"--from", from, "--to", to}, 1, "not empty"},
		{"no --to", []string{"--from", from}, 2, "required"},
		{"a file as --to", []string{"--from", from, "--to", "other.db"}, 2, "postgres:// URL"},
		{"not a database as --from", []string{"--from", "/etc/hostname", "--to", to}, 1, "/etc/hostname"},
		{"a missing --from", []string{"--from", filepath.Join(t.TempDir(), "none.db"), "--to", to}, 1, "no SQLite database"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := cli(t, "", "", append([]string{"migrate"}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("migrate %v: %d %q, want %d and %q", tt.args, code, stderr, tt.code, tt.want)
			}
		})
	}
}

// TestFetchAnalyzesWhatItLoaded runs `vigil fetch --all` on PostgreSQL over
// a feed of 120 items, more than the server's autoanalyze threshold of an
// empty table: the pass itself leaves the items table analyzed
// (pg_stat_user_tables counts one manual analyze), so that the server's
// background analyze does not land on a later pass.
func TestFetchAnalyzesWhatItLoaded(t *testing.T) {
	dsn := pgtest.Schema(t)
	f := &itemFeed{}
	for i := range 120 {
		f.add(fmt.Sprintf("item %d", i))
	}
	srv := httptest.NewServer(f)
	defer srv.Close()
	for _, args := range [][]string{
		{"user", "add", "ann"},
		{"add", srv.URL},
		{"fetch", "--all", "--allow-private", "--host-gap", "0"},
	} {
		if code, out, stderr := cli(t, dsn, "", args...); code != 0 {
			t.Fatalf("%v: %d %q %q", args, code, out, stderr)
		}
	}
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var analyzes int64
	err = db.Pool().QueryRow(context.Background(), `SELECT analyze_count FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = 'items'`).Scan(&analyzes)
	if err != nil {
		t.Fatal(err)
	}
	if analyzes != 1 {
		t.Errorf("items analyzed %d times by the pass, want once", analyzes)
	}
}
