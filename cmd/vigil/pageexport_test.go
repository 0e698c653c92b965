package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImportPages adds a page with settings, exports it as OPML and
// as JSON, and imports each file into a new database: the page comes back
// a page with its settings, as vigil page show reports them.
func TestExportImportPages(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src.db")
	cli(t, src, "", "user", "add", "ann")
	if code, _, stderr := cli(t, src, "", "add", "--page", "--selector", "#price", "--ignore", `^Visitors: \d+$`, "--returns", "4",
		"--threshold", "important", "--frequency", "weekly", "--condition", "below:20@#price", "https://example.com/shop"); code != 0 {
		t.Fatalf("add --page: %d %q", code, stderr)
	}
	for _, tt := range []struct {
		name string
		args []string
		mark string
	}{
		{"opml", []string{"export"}, `vigil:page="true"`},
		{"json", []string{"export", "--json"}, `"format": "vigil-export"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, file, stderr := cli(t, src, "", tt.args...)
			if code != 0 || !strings.Contains(file, tt.mark) {
				t.Fatalf("%v: %d %q %q", tt.args, code, file, stderr)
			}
			dst := filepath.Join(t.TempDir(), "dst.db")
			cli(t, dst, "", "user", "add", "ann")
			if code, out, stderr := cli(t, dst, file, "import", "-"); code != 0 || !strings.Contains(out, "imported 1 new feed(s)") {
				t.Fatalf("import: %d %q %q", code, out, stderr)
			}
			code, back, stderr := cli(t, dst, "", tt.args...)
			if code != 0 {
				t.Fatalf("export of the import: %d %q", code, stderr)
			}
			if strip(back) != strip(file) {
				t.Errorf("export after import differs:\n%s\nwant\n%s", back, file)
			}
		})
	}
}

// strip drops the lines of an export that hold its creation time.
func strip(doc string) string {
	var keep []string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.Contains(line, "dateCreated") && !strings.Contains(line, `"created"`) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}
