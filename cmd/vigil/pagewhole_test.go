package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vigil/internal/courtcal"
)

// TestPageDiffWholeCalendar diffs versions of a 2 MB court calendar saved
// as files: a hearing added or moved past the first MiB is a visible
// change whose view shows it, a script change is not.
func TestPageDiffWholeCalendar(t *testing.T) {
	versions := courtcal.Series(31, 2<<20, 4, 1<<20) // add, script, move
	dir := t.TempDir()
	files := make([]string, len(versions))
	for i, v := range versions {
		files[i] = filepath.Join(dir, fmt.Sprintf("v%03d.html", i))
		if err := os.WriteFile(files[i], v.Body, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < len(versions); i++ {
		v := versions[i]
		t.Run(v.Edit.String(), func(t *testing.T) {
			code, out, errOut := cli(t, "", "", "page", "diff", files[i-1], files[i])
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if !v.Edit.Visible() {
				if !strings.Contains(out, "no visible change") {
					t.Errorf("%s: %q, want no visible change", v.Edit, out)
				}
				return
			}
			if strings.Contains(out, "no visible change") || !strings.Contains(out, "of the text changed") {
				t.Fatalf("%s at byte %d: %q", v.Edit, v.At, out)
			}
			want := cellAfter(v.Body, v.At, `<td class="room">`)
			if v.Edit == courtcal.AddHearing {
				want = cellAfter(v.Body, v.At, `<td class="case"><a href="/cases/`)
			}
			code, out, errOut = cli(t, "", "", "page", "diff", "--view", "--context", "1", files[i-1], files[i])
			if code != 0 || !strings.Contains(out, `id="vigil-change-1"`) || !strings.Contains(out, want) {
				t.Errorf("%s at byte %d: exit %d, the view lacks %q (%d bytes; %s)", v.Edit, v.At, code, want, len(out), errOut)
			}
		})
	}
}

// cellAfter returns the text after the first prefix found past byte at of
// page, up to the next quote or tag.
func cellAfter(page []byte, at int, prefix string) string {
	i := bytes.Index(page[at:], []byte(prefix))
	if i < 0 {
		return prefix + " (not found)"
	}
	rest := page[at+i+len(prefix):]
	return string(rest[:bytes.IndexAny(rest, `"<`)])
}
