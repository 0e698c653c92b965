package change

import (
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	old := `<html><head><title>Jobs</title></head><body><h1>Jobs</h1>
<p>Welder in Grenoble.</p><p>Baker in Meylan.</p><p>Driver in Lyon.</p></body></html>`
	tests := []struct {
		name    string
		new     string
		contain []string
		absent  []string
		added   int
		updated int
		deleted int
		head    bool
	}{
		{"unchanged", old, []string{"Welder in Grenoble."}, []string{"<ins", "<del", HeaderUpdated}, 0, 0, 0, false},
		{"added", strings.Replace(old, "<p>Driver", "<p>Nurse in Paris.</p><p>Driver", 1),
			[]string{`<ins class="vigil-added">Nurse in Paris.</ins>`}, []string{"<del"}, 1, 0, 0, false},
		{"updated", strings.Replace(old, "Meylan", "Voiron", 1),
			[]string{`<del class="vigil-updated">Baker in Meylan.</del>`, `<ins class="vigil-updated">Baker in Voiron.</ins>`},
			nil, 0, 1, 0, false},
		{"deleted", strings.Replace(old, "<p>Driver in Lyon.</p>", "", 1),
			[]string{`<del class="vigil-deleted">Driver in Lyon.</del>`}, []string{"<ins"}, 0, 0, 1, false},
		{"title", strings.Replace(old, "<title>Jobs</title>", "<title>Jobs (3)</title>", 1),
			[]string{HeaderUpdated}, []string{"<ins", "<del"}, 0, 0, 0, true},
		{"hostile", strings.Replace(old, "<h1>Jobs</h1>", `<h1 onclick="steal()">Jobs</h1><script>alert(1)</script>`+
			`<style>body{display:none}</style><a href="javascript:alert(2)">x</a><iframe src="http://evil.example/"></iframe>`, 1),
			[]string{"<h1>"}, []string{"onclick", "alert", "display:none", "javascript:", "iframe", "evil"}, 1, 0, 0, false},
	}
	a := mustExtract(t, old, "text/html", ExtractOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Diff(a, mustExtract(t, tt.new, "text/html", ExtractOptions{}))
			for _, s := range tt.contain {
				if !strings.Contains(v.HTML, s) {
					t.Errorf("diff lacks %q:\n%s", s, v.HTML)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(v.HTML, s) {
					t.Errorf("diff holds %q:\n%s", s, v.HTML)
				}
			}
			if v.Added != tt.added || v.Updated != tt.updated || v.Deleted != tt.deleted || v.HeadUpdated != tt.head {
				t.Errorf("counts %d/%d/%d head %v, want %d/%d/%d %v", v.Added, v.Updated, v.Deleted, v.HeadUpdated,
					tt.added, tt.updated, tt.deleted, tt.head)
			}
		})
	}
}

func TestDiffNoiseAndOpaque(t *testing.T) {
	page := func(n string) string {
		return `<html><body><p>Stable text.</p><p id="clock">` + n + `</p></body></html>`
	}
	o := ExtractOptions{Noise: []string{"body/p#clock:0"}}
	a := mustExtract(t, page("10:01"), "text/html", o)
	b := mustExtract(t, page("10:02"), "text/html", o)
	v := Diff(a, b)
	if !strings.Contains(v.HTML, `<span class="vigil-noise">10:02</span>`) || v.Added+v.Updated+v.Deleted != 0 {
		t.Errorf("noise diff: %+v", v)
	}
	if e := Compare(a, b); e.Any {
		t.Errorf("a change of noise alone counts as a change: %+v", e)
	}
	p := mustExtract(t, "%PDF-1.4", "application/pdf", ExtractOptions{})
	if v := Diff(p, p); !strings.Contains(v.HTML, "PDF document changed") {
		t.Errorf("pdf diff: %q", v.HTML)
	}
}
