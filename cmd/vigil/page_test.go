package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// versionsServer serves two versions of a page at /old and /new, and a
// PDF at /doc.pdf.
func versionsServer(t *testing.T) *httptest.Server {
	pages := map[string]string{
		"/old": `<html><head><title>Jobs</title></head><body><h1>Jobs</h1><p>Welder in Grenoble.</p>` +
			`<a href="/apply">Apply</a></body></html>`,
		"/new": `<html><head><title>Jobs</title></head><body><h1>Jobs</h1><p>Welder in Grenoble.</p>` +
			`<p>Baker in Meylan.</p><a href="/apply">Apply</a><a href="/baker">Baker</a></body></html>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/doc.pdf" {
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.4 " + r.URL.Query().Get("v")))
			return
		}
		p, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(p))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestPageDiffJSON(t *testing.T) {
	srv := versionsServer(t)
	dir := t.TempDir()
	oldFile := filepath.Join(dir, "old.html")
	if err := os.WriteFile(oldFile, []byte(`<html><body><h1>Jobs</h1><p>Welder in Grenoble.</p><a href="/apply">Apply</a></body></html>`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"urls, flag last", []string{"page", "diff", srv.URL + "/old", srv.URL + "/new", "--json", "--allow-private"}},
		{"file and url, flags first", []string{"page", "diff", "--json", "--allow-private", "--base", srv.URL + "/", oldFile, srv.URL + "/new"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := cli(t, "", "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(out), &m); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			for _, k := range []string{"any", "text", "tokens", "phrases", "links", "images", "links_added",
				"links_removed", "images_added", "images_removed", "severity", "summary"} {
				if _, ok := m[k]; !ok {
					t.Errorf("JSON lacks %q", k)
				}
			}
			if m["any"] != true || m["links_added"] != 1.0 || m["links_removed"] != 0.0 || m["severity"] != "important" ||
				!strings.Contains(m["summary"].(string), "1 link added") {
				t.Errorf("extents: %s", out)
			}
		})
	}
}

func TestPageDiffOutputs(t *testing.T) {
	srv := versionsServer(t)
	code, out, errOut := cli(t, "", "", "page", "diff", "--allow-private", "--view", srv.URL+"/old", srv.URL+"/new")
	if code != 0 || !strings.Contains(out, `<ins class="vigil-added">Baker in Meylan.</ins>`) {
		t.Errorf("view: exit %d, %q, %s", code, out, errOut)
	}
	code, out, errOut = cli(t, "", "", "page", "diff", "--allow-private", "--view", "--context", "0", "--words", srv.URL+"/old", srv.URL+"/new")
	if code != 0 || !strings.Contains(out, `id="vigil-change-1"`) || !strings.Contains(out, "Baker in Meylan.") {
		t.Errorf("view with --context 0 --words: exit %d, %q, %s", code, out, errOut)
	}
	code, out, _ = cli(t, "", "", "page", "diff", "--allow-private", srv.URL+"/doc.pdf?v=1", srv.URL+"/doc.pdf?v=2")
	if code != 0 || !strings.Contains(out, "PDF document changed") {
		t.Errorf("pdf: exit %d, %q", code, out)
	}
}

func TestPageDiffErrors(t *testing.T) {
	srv := versionsServer(t)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"one argument", []string{"page", "diff", "a.html"}, 2, "expected OLD NEW"},
		{"no subcommand", []string{"page"}, 2, "expected a subcommand"},
		{"unknown subcommand", []string{"page", "merge"}, 2, `unknown subcommand "merge"`},
		{"bad flag", []string{"page", "diff", "--colour", "a", "b"}, 2, "flag provided but not defined"},
		{"missing file", []string{"page", "diff", "/nonexistent/a.html", "/nonexistent/b.html"}, 1, "unable to read /nonexistent/a.html"},
		{"selector matches nothing", []string{"page", "diff", "--allow-private", "--selector", "#prices", srv.URL + "/old", srv.URL + "/new"},
			1, `selector matches nothing on the page (selector "#prices")`},
		{"bad ignore rule", []string{"page", "diff", "--allow-private", "--ignore", "(", srv.URL + "/old", srv.URL + "/new"}, 1, `invalid ignore rule "("`},
		{"not found", []string{"page", "diff", "--allow-private", srv.URL + "/gone", srv.URL + "/new"}, 1, "answered 404"},
		{"private refused", []string{"page", "diff", srv.URL + "/old", srv.URL + "/new"}, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := cli(t, "", "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "*") {
				t.Errorf("exit %d, stderr %q; want %d with %q", code, errOut, tt.code, tt.want)
			}
		})
	}
}

func TestPageGenAndSim(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pages.tsv")
	if code, _, errOut := cli(t, "", "", "page", "gen", "--pages", "30", "--days", "21", "--seed", "2", "--out", path); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	code, out, errOut := cli(t, "", "", "page", "sim", path, "--policies", "uniform,cgm-freshness,clairvoyant", "--json")
	if code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("sim output: %v\n%s", err, out)
	}
	bound := rows[2]["freshness"].(float64)
	for _, r := range rows {
		if f := r["freshness"].(float64); f < 0 || f > bound {
			t.Errorf("%v: freshness %v outside [0, bound %v]", r["policy"], f, bound)
		}
	}
	code, out, _ = cli(t, "", "", "page", "sim", "--policies", "uniform", path)
	if code != 0 || !strings.Contains(out, "freshness") || !strings.Contains(out, "uniform") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	code, out, _ = cli(t, "", "", "page", "sim", "--json", path)
	if code != 0 || !strings.Contains(out, `"policy": "accrued"`) {
		t.Errorf("page sim without --policies leaves out accrued, the default policy: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"page", "sim"},
		{"page", "sim", path, "--policies", "nosuch"},
		{"page", "sim", "/nonexistent.tsv"},
		{"page", "gen", "--pages", "0"},
	} {
		if code, _, errOut := cli(t, "", "", args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
