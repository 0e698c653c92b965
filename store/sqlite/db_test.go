package sqlite_test

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"vigil"
	"vigil/store/sqlite"
)

func TestOpenRefusesBadPaths(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, path, code string
	}{
		{"empty path", "", vigil.EINVALID},
		{"directory", dir, vigil.EINVALID},
		{"missing parent directory", filepath.Join(dir, "no", "such", "vigil.db"), vigil.EINTERNAL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := sqlite.Open(tt.path)
			if err == nil {
				db.Close()
				t.Fatalf("Open(%q) succeeded", tt.path)
			}
			wantCode(t, err, tt.code)
			if tt.path != "" && !strings.Contains(err.Error(), tt.path) {
				t.Errorf("error %q does not name the path %q", err, tt.path)
			}
		})
	}
}

func TestOpenNeverTouchesForeignFiles(t *testing.T) {
	valid := validDatabase(t)
	tests := []struct {
		name     string
		contents []byte
		want     string
	}{
		{"text", []byte("hello, this is not a database at all\n"), "not an SQLite database"},
		{"short", []byte("SQL"), "not an SQLite database"},
		{"binary", bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 4096), "not an SQLite database"},
		{"header then garbage", append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte{0xff}, 8000)...), "not a usable SQLite database"},
		{"corrupt schema page", corruptSchema(valid), "not a usable SQLite database"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "data.db")
			if err := os.WriteFile(path, tt.contents, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := sqlite.Open(path)
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded on a foreign file")
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %s and say %q", err, path, tt.want)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(after, tt.contents) {
				t.Error("Open modified the file")
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Errorf("Open left %d files beside the database, want none", len(entries)-1)
			}
		})
	}
}

// validDatabase returns the bytes of a freshly created vigil database.
func validDatabase(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "valid.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// corruptSchema overwrites the b-tree header of page 1, where sqlite_schema
// lives, keeping the file header intact.
func corruptSchema(db []byte) []byte {
	b := bytes.Clone(db)
	for i := 100; i < 112; i++ {
		b[i] = 0xff
	}
	return b
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("PRAGMA user_version = 999"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	before, _ := os.ReadFile(path)
	db, err = sqlite.Open(path)
	if err == nil {
		db.Close()
		t.Fatal("Open accepted a database from the future")
	}
	wantCode(t, err, vigil.EINVALID)
	if !strings.Contains(err.Error(), "999") || !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name the version and the path", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("Open modified a database from the future")
	}
}

func TestOpenMigratesAndConfigures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir with space?and#hash.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not created at its exact path: %v", err)
	}
	raw, err := sql.Open("sqlite", "file:"+strings.NewReplacer("?", "%3f", "#", "%23").Replace(path))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	checks := []struct {
		query, want string
	}{
		{"PRAGMA user_version", strconv.Itoa(sqlite.MigrationCount())},
		{"PRAGMA journal_mode", "wal"},
		{"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN " +
			"('users','sessions','feeds','subscriptions','items','item_states','observations','notices'," +
			"'accesses','items_fts','profiles','term_df','profiler')", "13"},
		{"SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN " +
			"('feeds_next_fetch','items_feed_sort','observations_feed_at','observations_at')", "4"},
	}
	for _, c := range checks {
		var got string
		if err := raw.QueryRow(c.query).Scan(&got); err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.query, got, c.want)
		}
	}
}

func TestReopenKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	u := mustUser(t, db, "ann")
	feedID := mustSubscribe(t, db, u.ID, "https://example.com/feed")
	got := mustIngest(t, db, feedID, t0, makeItems("a", 3))
	if err := db.MarkRead(ctx, u.ID, []int64{got.New[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		db, err = sqlite.Open(path)
		if err != nil {
			t.Fatalf("reopen: %v", err)
		}
		sub, err := db.Subscription(ctx, u.ID, feedID)
		if err != nil {
			t.Fatal(err)
		}
		if sub.Feed.ItemCount != 3 || sub.Unread != 2 {
			t.Errorf("after reopen: %d items, %d unread; want 3, 2", sub.Feed.ItemCount, sub.Unread)
		}
		if n, err := db.CountFetchesSince(ctx, t0); err != nil || n != 1 {
			t.Errorf("CountFetchesSince = %d, %v; want 1", n, err)
		}
		db.Close()
	}
}

func TestOpenTwiceShares(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	a, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	mustUser(t, a, "ann")
	b, err := sqlite.Open(path)
	if err != nil {
		t.Fatalf("second Open of a database in use: %v", err)
	}
	defer b.Close()
	if _, err := b.UserByName(ctx, "ann"); err != nil {
		t.Errorf("second handle does not see the first one's user: %v", err)
	}
	mustUser(t, b, "bob")
	if _, err := a.UserByName(ctx, "bob"); err != nil {
		t.Errorf("first handle does not see the second one's user: %v", err)
	}
}

func TestOpenRefusesForeignSQLite(t *testing.T) {
	tests := []struct {
		name  string
		setup string
	}{
		{"another program's tables", `CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')`},
		{"versioned like vigil", `CREATE TABLE notes (id INTEGER PRIMARY KEY); PRAGMA user_version = 2`},
		{"vigil's version and a feeds table", `CREATE TABLE feeds (id INTEGER PRIMARY KEY); PRAGMA user_version = 3`},
		{"only an index", `CREATE TABLE t (x); CREATE INDEX tx ON t(x); DROP TABLE t; CREATE VIEW v AS SELECT 1`},
		{"wal mode", `PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "other.db")
			foreignDatabase(t, path, tt.setup)
			before := fileDigest(t, path)
			db, err := sqlite.Open(path)
			if err == nil {
				db.Close()
				t.Fatal("Open accepted another program's database")
			}
			wantCode(t, err, vigil.EINVALID)
			if !strings.Contains(err.Error(), "not a vigil database") || !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name %s and say it is not a vigil database", err, path)
			}
			if after := fileDigest(t, path); after != before {
				t.Error("Open changed the foreign database")
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Errorf("Open left %d files beside the database, want none", len(entries)-1)
			}
		})
	}
}

func TestOpenCreatesFromNothing(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	noSchema := filepath.Join(dir, "noschema.db")
	foreignDatabase(t, noSchema, `PRAGMA page_size = 4096; VACUUM`)
	for _, path := range []string{filepath.Join(dir, "missing.db"), empty, noSchema} {
		db, err := sqlite.Open(path)
		if err != nil {
			t.Fatalf("Open(%s): %v", path, err)
		}
		db.Close()
		if _, err := sqlite.Open(path); err != nil {
			t.Errorf("reopening %s: %v", path, err)
		}
	}
}

// foreignDatabase creates an SQLite file at path with another program's
// schema, in rollback-journal mode unless the setup says otherwise.
func foreignDatabase(t *testing.T, path, setup string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, stmt := range strings.Split(setup, ";") {
		if _, err := raw.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if _, err := raw.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
}

// fileDigest returns the SHA-256 of the file's bytes, in hex.
func fileDigest(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
