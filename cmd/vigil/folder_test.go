package main

import (
	"path/filepath"
	"strings"
	"testing"

	"vigil/opml"
)

func TestImportKeepsNestedFolders(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	cli(t, db, "", "user", "add", "bob")
	doc := `<?xml version="1.0"?><opml version="2.0"><body>
<outline text="Top" xmlUrl="https://example.org/top"/>
<outline text="News"><outline text="World"><outline text="W" xmlUrl="https://example.org/w"/></outline>
<outline text="N" xmlUrl="https://example.org/n"/></outline></body></opml>`
	if code, out, stderr := cli(t, db, doc, "import", "--user", "ann", "-"); code != 0 {
		t.Fatalf("import: %d %q %q", code, out, stderr)
	}
	code, out, _ := cli(t, db, "", "feeds", "--user", "ann")
	if code != 0 || !strings.Contains(out, "FOLDER") {
		t.Fatalf("feeds: %d %q", code, out)
	}
	for url, folder := range map[string]string{"https://example.org/w": "News/World", "https://example.org/n": "News", "https://example.org/top": "-"} {
		if !lineHas(out, url, " "+folder+" ") {
			t.Errorf("vigil feeds does not show %s in folder %s:\n%s", url, folder, out)
		}
	}
	code, exported, _ := cli(t, db, "", "export", "--user", "ann")
	if code != 0 {
		t.Fatalf("export: %d", code)
	}
	outlines, err := opml.Parse(strings.NewReader(exported))
	if err != nil {
		t.Fatalf("export is not OPML: %v\n%s", err, exported)
	}
	got := map[string]string{}
	for _, o := range outlines {
		got[o.XMLURL] = o.Category
	}
	want := map[string]string{"https://example.org/w": "News/World", "https://example.org/n": "News", "https://example.org/top": ""}
	for url, cat := range want {
		if got[url] != cat {
			t.Errorf("exported folder of %s = %q, want %q\n%s", url, got[url], cat, exported)
		}
	}
	// The export imports into another account with the same folders.
	if code, _, stderr := cli(t, db, exported, "import", "--user", "bob", "-"); code != 0 {
		t.Fatalf("import of the export: %d %q", code, stderr)
	}
	_, out, _ = cli(t, db, "", "feeds", "--user", "bob")
	if !lineHas(out, "https://example.org/w", " News/World ") {
		t.Errorf("bob's feeds after importing ann's export:\n%s", out)
	}
}

// lineHas reports whether a line of out contains every one of parts.
func lineHas(out string, parts ...string) bool {
	for line := range strings.Lines(out) {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}
