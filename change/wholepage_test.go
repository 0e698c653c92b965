package change

import (
	"strings"
	"testing"

	"vigil/internal/courtcal"
)

// TestWholeCalendarIsCompared runs a 2 MB court calendar through a series
// of versions whose visible edits all lie past its first MiB: every one
// of them is a visible change, measured and shown in the diff view, and
// none of the script or markup edits is.
func TestWholeCalendarIsCompared(t *testing.T) {
	versions := courtcal.Series(11, 2<<20, 13, 1<<20)
	docs := make([]*Document, len(versions))
	for i, v := range versions {
		docs[i] = mustExtract(t, string(v.Body), "text/html; charset=utf-8", ExtractOptions{})
		if docs[i].Capped {
			t.Fatalf("version %d of %d bytes is capped", i, len(v.Body))
		}
	}
	for i := 1; i < len(versions); i++ {
		v, old, new := versions[i], docs[i-1], docs[i]
		e := Compare(old, new)
		t.Run(v.Edit.String(), func(t *testing.T) {
			if !e.Any {
				t.Fatalf("version %d: no byte-level change", i)
			}
			if e.Visible != v.Edit.Visible() {
				t.Fatalf("version %d (%s at byte %d): visible %v, want %v (%s)", i, v.Edit, v.At, e.Visible, v.Edit.Visible(), e.Summary)
			}
			if !v.Edit.Visible() {
				return
			}
			if e.Text == 0 || e.Severity == Unknown || strings.HasPrefix(e.Summary, "no ") {
				t.Errorf("version %d: text %v, severity %v, summary %q", i, e.Text, e.Severity, e.Summary)
			}
			view := DiffWith(old, new, DiffOptions{Context: DefaultContext})
			if view.Changes == 0 || !strings.Contains(view.HTML, "vigil-change-1") {
				t.Errorf("version %d: the diff view shows no change past byte %d", i, v.At)
			}
		})
	}
}
