package sqlite_test

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vigil"
	"vigil/store/sqlite"
)

// TestOpenReadOnlyWritesNothing opens a closed database read-only, reads
// it, tries to write, and checks that the file's bytes are unchanged and
// that no -wal or -shm file was created: what lets a reading command work
// where the directory is not writable (cmd/vigil's
// TestReadingCommandsInReadOnlyDirectory runs one there).
func TestOpenReadOnlyWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	mustUser(t, db, "ann")
	db.Close()
	before := fileDigest(t, path)

	ro, err := sqlite.OpenReadOnly(path, sqlite.Options{})
	if err != nil {
		t.Fatalf("OpenReadOnly: %v", err)
	}
	users, err := ro.Users(ctx)
	if err != nil || len(users) != 1 || users[0].Name != "ann" {
		t.Errorf("Users = %v, %v; want ann", users, err)
	}
	err = ro.CreateUser(ctx, &vigil.User{Name: "bob", PasswordHash: "p", TokenHash: "t", CreatedAt: t0})
	if err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Errorf("a write through the read-only store: %v, want SQLite's readonly error", err)
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{path + "-wal", path + "-shm"} {
		if _, err := os.Lstat(side); err == nil {
			t.Errorf("%s was created", filepath.Base(side))
		}
	}
	if fileDigest(t, path) != before {
		t.Error("the read-only open changed the file")
	}
}

// TestOpenReadOnlyWhileWriterOpen reads, read-only, a database another
// store has open and has just written to: the commit sits in the -wal
// file, which the read-only store must see.
func TestOpenReadOnlyWhileWriterOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustUser(t, db, "ann")
	ro, err := sqlite.OpenReadOnly(path, sqlite.Lean)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	mustUser(t, db, "bob")
	users, err := ro.Users(ctx)
	if err != nil || len(users) != 2 {
		t.Errorf("Users = %v, %v; want ann and bob", users, err)
	}
}

func TestOpenReadOnlyRefuses(t *testing.T) {
	dir := t.TempDir()
	current := filepath.Join(dir, "current.db")
	db, err := sqlite.Open(current)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	older := filepath.Join(dir, "older.db")
	copyFile(t, current, older)
	setUserVersion(t, older, 1)
	newer := filepath.Join(dir, "newer.db")
	copyFile(t, current, newer)
	setUserVersion(t, newer, 999)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("not a database at all, just some words"), 0o644)
	foreign := filepath.Join(dir, "foreign.db")
	foreignDatabase(t, foreign, "CREATE TABLE t(x)")

	for _, tc := range []struct {
		path   string
		behind bool
		want   string
	}{
		{filepath.Join(dir, "missing.db"), false, "no such file"},
		{empty, false, "is empty"},
		{text, false, "not an SQLite database"},
		{foreign, false, "another program"},
		{newer, false, "999"},
		{older, true, "version 1 of"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			before, _ := os.ReadFile(tc.path)
			ro, err := sqlite.OpenReadOnly(tc.path, sqlite.Options{})
			if err == nil {
				ro.Close()
				t.Fatal("opened")
			}
			if errors.Is(err, sqlite.ErrSchemaBehind) != tc.behind || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q: want one containing %q (schema behind: %v)", err, tc.want, tc.behind)
			}
			if after, _ := os.ReadFile(tc.path); string(after) != string(before) {
				t.Error("the file changed")
			}
		})
	}
}

// copyFile copies the file at from to to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// setUserVersion sets the schema version recorded in the file at path and
// leaves everything in the main file.
func setUserVersion(t *testing.T, path string, v int) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		t.Fatal(err)
	}
}
