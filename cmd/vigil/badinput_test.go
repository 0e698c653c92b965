package main

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSubscribeRefusesMalformedURLs(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	tests := []struct {
		url, want string
	}{
		{"http://host.example:99999/", `invalid port "99999"`},
		{"http://host.example:abc/", `invalid port ":abc"`},
		{"http://a..example/feed", "empty label"},
	}
	for _, tt := range tests {
		code, _, stderr := cli(t, db, "", "add", tt.url)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("add %s: exit %d, stderr %q; want 2 and %q", tt.url, code, stderr, tt.want)
		}
	}
	doc := `<opml version="2.0"><body><outline text="Bad port" xmlUrl="http://host.example:99999/"/>` +
		`<outline text="Good" xmlUrl="https://example.org/feed"/></body></opml>`
	code, out, stderr := cli(t, db, doc, "import", "-")
	if code != 0 || !strings.Contains(out, "imported 1 new feed(s) for ann, 0 already followed, 1 skipped") || !strings.Contains(stderr, `invalid port "99999"`) {
		t.Errorf("import: exit %d, %q, %q; want the bad port skipped with its reason", code, out, stderr)
	}
}

func TestForeignSQLiteFileIsRefusedUnchanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep')`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, path, "", "feeds")
	if code != 1 || !strings.Contains(stderr, "not a vigil database") {
		t.Errorf("feeds on another program's database: exit %d, stderr %q; want 1 and why", code, stderr)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the foreign database was changed")
	}
}
