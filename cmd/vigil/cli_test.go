package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vigil"
	"vigil/trace"
)

// cli runs one command line in-process against the database db and returns
// its exit status, standard output and standard error.
func cli(t *testing.T, db string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		getenv: func(k string) string {
			if k == "VIGIL_DB" {
				return db
			}
			return ""
		},
	}
	code := run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func feedServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprintf(w, `<rss version="2.0"><channel><title>Feed %s</title><link>http://example.org/</link>`+
			`<item><guid>1</guid><title>One</title><pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate></item>`+
			`<item><guid>2</guid><title>Two &amp; more</title><pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate></item>`+
			`</channel></rss>`, r.URL.Path)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// annDB returns the path of a new database with one user, ann.
func annDB(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	if code, out, errOut := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatalf("user add ann: exit %d: %s %s", code, out, errOut)
	}
	return db
}

func TestCommandLineErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	garbage := filepath.Join(t.TempDir(), "garbage.db")
	if err := os.WriteFile(garbage, []byte("this is not a database"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args    []string
		code    int
		errHas  string
		noStore bool
	}{
		{[]string{}, 2, "", true},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`, true},
		{[]string{"add", "--bogus", "http://x/"}, 2, "flag provided but not defined: -bogus", true},
		{[]string{"add"}, 2, "expected URL", true},
		{[]string{"add", "ftp://example.com/feed"}, 2, "http or https", true},
		{[]string{"add", "--weight", "0", "http://example.com/"}, 2, "--weight", true},
		{[]string{"add", "--weight", "5000", "http://example.com/"}, 2, "--weight must be a number from 0.01 to 1000, not 5000", true},
		{[]string{"add", "http://example.com/"}, 1, "no vigil database at", true},
		{[]string{"user"}, 2, "expected a subcommand", true},
		{[]string{"user", "add", "bad name"}, 2, "may hold only", true},
		{[]string{"items", "--unread"}, 2, "--unread needs --user", true},
		{[]string{"fetch", "--workers", "0"}, 2, "--workers", true},
		{[]string{"fetch", "--header-timeout", "60s", "--timeout", "5s"}, 2, "--header-timeout (1m0s) must not be longer than --timeout (5s)", true},
		{[]string{"fetch", "--header-timeout", "10s", "--timeout", "5s"}, 2, "--header-timeout (10s) must not be longer than --timeout (5s)", true},
		{[]string{"serve", "--profile-every", "0s"}, 2, "--profile-every must be positive", true},
		{[]string{"serve", "--profile-terms", "0"}, 2, "--profile-terms must be positive or -1, got 0", true},
		{[]string{"worker", "--profile-df-terms", "-2"}, 2, "--profile-df-terms must be positive or -1, got -2", true},
		{[]string{"serve", "--profile-rest", "NaN"}, 2, "--profile-rest must be 0 to 100, got NaN", true},
		{[]string{"fetch", "--policy", "nope"}, 2, "unknown --policy \"nope\": choose one of accrued", true},
		{[]string{"import", "/does/not/exist.opml"}, 1, "unable to open", true},
		{[]string{"parse", "/does/not/exist.xml"}, 1, "unable to read", true},
		{[]string{"feeds", "--db", garbage}, 1, "not an SQLite database", true},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, db, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.errHas) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.errHas)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Fatalf("error took more than one line: %q", stderr)
			}
		})
	}
	if b, _ := os.ReadFile(garbage); string(b) != "this is not a database" {
		t.Fatal("opening a broken database file changed it")
	}
}

func TestTraceGen(t *testing.T) {
	dir := t.TempDir()
	out, users := filepath.Join(dir, "p.tsv.gz"), filepath.Join(dir, "u.tsv")
	code, stdout, stderr := cli(t, "", "", "trace", "gen", "--sources", "20", "--days", "7", "--users", "3", "--out", out, "--users-out", users)
	if code != 0 || !strings.Contains(stdout, "sources to "+out) || !strings.Contains(stdout, "3 readers") {
		t.Fatalf("trace gen: %d %q %q", code, stdout, stderr)
	}
	posts, err := trace.ReadPostingsFile(out)
	if err != nil || len(posts.Sources) == 0 {
		t.Fatalf("reading the generated trace: %v", err)
	}
	looks := filepath.Join(dir, "looks.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "20", "--days", "7", "--users", "3", "--looks", "4", "--out", out, "--users-out", looks); code != 0 {
		t.Fatalf("trace gen --looks: %s", stderr)
	}
	acc, err := trace.ReadAccessesFile(looks)
	if err != nil || acc.Count() == 0 {
		t.Fatalf("reading the generated looks: %v", err)
	}
	for _, u := range acc.Users {
		for _, a := range u.Accesses {
			if a.Source == "" {
				t.Fatalf("%s: an access that names no source", u.ID)
			}
		}
	}
	for _, bad := range [][]string{{"trace", "gen", "--start", "yesterday"}, {"trace", "gen", "--sources", "0"}, {"trace", "gen", "--users", "2"}, {"trace", "gen", "--looks", "3"}, {"trace", "gen", "--users", "2", "--users-out", "u.tsv", "--looks", "-1"}, {"trace", "nope"}} {
		if code, _, _ := cli(t, "", "", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestTraceStats measures a generated trace, in words and as JSON, and
// refuses a bad minimum and a trace with no source that large by name.
func TestTraceStats(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.tsv.gz")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "30", "--no-titles", "--out", out); code != 0 {
		t.Fatalf("trace gen: %s", stderr)
	}
	code, stdout, stderr := cli(t, "", "", "trace", "stats", "--min-postings", "20", out)
	if code != 0 || !strings.Contains(stdout, "daily rhythm") || !strings.Contains(stdout, "burstiness") {
		t.Fatalf("trace stats: %d %q %q", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, "", "", "trace", "stats", "--min-postings", "20", "--json", out)
	var got struct {
		Sources  int     `json:"sources"`
		Rhythm   float64 `json:"rhythm"`
		TopShare float64 `json:"top_share"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &got) != nil || got.Sources == 0 || got.Rhythm < 1.0/3 || got.TopShare <= 0 {
		t.Fatalf("trace stats --json: %d %q %q", code, stdout, stderr)
	}
	tests := []struct {
		args      []string
		code      int
		errorSays string
	}{
		{[]string{"trace", "stats", "--min-postings", "1", out}, 2, "--min-postings"},
		{[]string{"trace", "stats"}, 2, "FILE"},
		{[]string{"trace", "stats", "--min-postings", "100000", out}, 1, "no source of"},
		{[]string{"trace", "stats", filepath.Join(t.TempDir(), "missing.tsv")}, 1, "missing.tsv"},
	}
	for _, tt := range tests {
		code, _, stderr := cli(t, "", "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.errorSays) {
			t.Errorf("%v: exit %d, %q; want %d naming %q", tt.args, code, stderr, tt.code, tt.errorSays)
		}
	}
}

// TestSimProfiles runs the content-based policies on a generated trace
// with titles: the JSON gains profile quality and the novel count, and the
// profile flags are checked.
func TestSimProfiles(t *testing.T) {
	posts := filepath.Join(t.TempDir(), "p.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "20", "--days", "18", "--out", posts); code != 0 {
		t.Fatal(stderr)
	}
	for _, args := range [][]string{
		{"--policy", "content-fair", "--beta", "0", "--window", "10", "--refine"},
		{"--policy", "learned-greedy"},
		{"--policy", "content", "--own-rule", "--budget", "24"},
	} {
		code, out, stderr := cli(t, "", "", append([]string{"sim", "--trace", posts, "--train", "168h", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		if q, ok := m["profile_quality"].(float64); !ok || q <= 0 || q > 1 {
			t.Fatalf("sim %v: profile_quality %v in %s", args, m["profile_quality"], out)
		}
		if _, ok := m["novel"]; ok != (args[1] != "learned-greedy") {
			t.Errorf("sim %v: novel count present %v", args, ok)
		}
	}
	for _, bad := range [][]string{{"--window", "0"}, {"--beta", "NaN"}, {"--feed-window", "0"}, {"--alpha", "0"}, {"--alpha", "1.5"}, {"--access-unread", "-0.5"}, {"--access-unread", "Inf"}} {
		if code, _, _ := cli(t, "", "", append([]string{"sim", "--trace", posts}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

func TestSimCommand(t *testing.T) {
	dir := t.TempDir()
	posts, users := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "u.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "21", "--users", "2", "--out", posts, "--users-out", users, "--no-titles"); code != 0 {
		t.Fatal(stderr)
	}
	var runs []map[string]any
	for _, name := range []string{"uniform", "combined", "clairvoyant"} {
		code, out, stderr := cli(t, "", "", "sim", "--trace", posts, "--users", users, "--policy", name, "--budget", "2", "--train", "168h", "--json")
		if code != 0 {
			t.Fatalf("sim %s: %d %s", name, code, stderr)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"policy", "sources", "postings", "fetches", "mean_delay_min", "p95_delay_min", "max_delay_min", "lost", "completeness", "misses_per_access"} {
			if _, ok := m[key]; !ok {
				t.Fatalf("sim %s JSON lacks %q: %s", name, key, out)
			}
		}
		runs = append(runs, m)
	}
	if runs[2]["total_delay_min"].(float64) > runs[0]["total_delay_min"].(float64) {
		t.Fatalf("the clairvoyant bound delayed more than uniform: %v > %v", runs[2]["total_delay_min"], runs[0]["total_delay_min"])
	}
	for _, bad := range [][]string{{"sim"}, {"sim", "--trace", posts, "--policy", "nope"}, {"sim", "--trace", posts, "--budget", "0"}} {
		if code, _, _ := cli(t, "", "", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	if code, _, stderr := cli(t, "", "", "sim", "--trace", filepath.Join(dir, "missing.tsv")); code != 1 || !strings.Contains(stderr, "missing.tsv") {
		t.Errorf("a missing trace: %d %q", code, stderr)
	}
}

func TestHelpExitsZero(t *testing.T) {
	for _, c := range commands {
		code, out, _ := cli(t, filepath.Join(t.TempDir(), "v.db"), "", c.name, "-h")
		if code != 0 || !strings.Contains(out, "Usage: vigil "+c.name) {
			t.Errorf("vigil %s -h: exit %d, output %q", c.name, code, out)
		}
	}
}

func TestUserAddFetchItemsRoundTrip(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	srv := feedServer(t)
	code, out, stderr := cli(t, db, "", "user", "add", "ann")
	if code != 0 || !strings.Contains(out, "password: ") || !strings.Contains(out, "token: ") {
		t.Fatalf("user add: %d %q %q", code, out, stderr)
	}
	if code, _, stderr = cli(t, db, "", "user", "add", "ann"); code != 1 || !strings.Contains(stderr, "already exists") {
		t.Fatalf("adding a user twice: %d %q", code, stderr)
	}
	if code, out, stderr = cli(t, db, "", "add", srv.URL+"/a"); code != 0 || !strings.Contains(out, "ann follows feed 1") {
		t.Fatalf("add: %d %q %q", code, out, stderr)
	}
	// Refused without --allow-private: loopback is not a public address;
	// every fetch failing is a failure of the command, with the way out.
	code, out, stderr = cli(t, db, "", "fetch")
	if code != 1 || !strings.Contains(out, "refusing") || !strings.Contains(out, "fetched 1 feed(s), 1 failed") ||
		!strings.Contains(stderr, "every fetch failed (1 refused as loopback or private addresses: run with --allow-private for loopback feeds)") {
		t.Fatalf("fetch of a loopback feed without --allow-private: %d %q %q", code, out, stderr)
	}
	if code, out, stderr = cli(t, db, "", "fetch", "--all", "--allow-private", "--host-gap", "0"); code != 0 || !strings.Contains(out, "2 new") || !strings.Contains(out, "1 feed(s), 0 failed") {
		t.Fatalf("fetch: %d %q %q", code, out, stderr)
	}
	code, out, _ = cli(t, db, "", "items", "--json")
	var items []vigil.Item
	if err := json.Unmarshal([]byte(out), &items); err != nil || code != 0 {
		t.Fatalf("items --json: %d %v %q", code, err, out)
	}
	if len(items) != 2 || items[0].Title != "Two & more" {
		t.Fatalf("items %+v, want the two items newest first", items)
	}
	if code, out, _ = cli(t, db, "", "feeds"); code != 0 || !strings.Contains(out, "active") || !strings.Contains(out, srv.URL+"/a") {
		t.Fatalf("feeds: %d %q", code, out)
	}
	cli(t, db, "", "user", "add", "bob")
	if code, _, stderr = cli(t, db, "", "add", srv.URL+"/b"); code != 2 || !strings.Contains(stderr, "--user") {
		t.Fatalf("add with two users and no --user: %d %q", code, stderr)
	}
}

func TestImportExportOPML(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	doc := `<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
<outline text="News"><outline text="One" xmlUrl="HTTP://Example.com/one.xml"/><outline text="Bad" xmlUrl="gopher://x/"/></outline>
<outline text="Two" xmlUrl="https://example.org/two"/></body></opml>`
	code, out, stderr := cli(t, db, doc, "import", "-")
	if code != 0 || !strings.Contains(out, "imported 2 new feed(s) for ann, 0 already followed, 1 skipped") || !strings.Contains(stderr, "gopher") {
		t.Fatalf("import: %d %q %q", code, out, stderr)
	}
	// Before any fetch, the export keeps the imported titles.
	code, out, _ = cli(t, db, "", "export")
	if code != 0 || !strings.Contains(out, `text="One"`) || !strings.Contains(out, `xmlUrl="http://example.com/one.xml"`) ||
		!strings.Contains(out, `text="Two"`) || !strings.Contains(out, `xmlUrl="https://example.org/two"`) {
		t.Fatalf("export: %d %q", code, out)
	}
	code, out, _ = cli(t, db, doc, "import", "-")
	if code != 0 || !strings.Contains(out, "imported 0 new feed(s) for ann, 2 already followed, 1 skipped") {
		t.Fatalf("re-import: %d %q", code, out)
	}
	if code, _, stderr = cli(t, db, "<html>not opml</html>", "import", "-"); code != 1 || !strings.Contains(stderr, "opml") {
		t.Fatalf("import of a non-OPML file: %d %q", code, stderr)
	}
}

func TestParseCommand(t *testing.T) {
	srv := feedServer(t)
	file := filepath.Join(t.TempDir(), "feed.xml")
	os.WriteFile(file, []byte(`<rss version="2.0"><channel><title>F</title><item><title>A &eacute; B</title><guid>g1</guid></item></channel></rss>`), 0o644)
	tests := []struct {
		args []string
		has  string
	}{
		{[]string{"parse", file}, "1 item(s)"},
		{[]string{"parse", "--json", file}, `"recovered": true`},
		{[]string{"parse", "--json", "--allow-private", srv.URL + "/x"}, `"title": "Two \u0026 more"`},
	}
	for _, tc := range tests {
		code, out, stderr := cli(t, "", "", tc.args...)
		if code != 0 || !strings.Contains(out, tc.has) {
			t.Errorf("%v: %d %q %q; want %q", tc.args, code, out, stderr, tc.has)
		}
	}
}

// TestSimAccessUnread checks that --access-unread reaches the user
// policy: 0 is none (the feeds no reader follows keep their floors, and
// the postings' penalised delay rises), not the model's default, which the
// flag's default and an explicit 0.3 give alike.
func TestSimAccessUnread(t *testing.T) {
	dir := t.TempDir()
	posts, users := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "u.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "21", "--users", "3", "--out", posts, "--users-out", users, "--no-titles"); code != 0 {
		t.Fatal(stderr)
	}
	delay := map[string]float64{}
	for _, tc := range []struct{ name, flag string }{{"none", "0"}, {"default", ""}, {"three tenths", "0.3"}, {"whole", "1"}} {
		args := []string{"sim", "--trace", posts, "--users", users, "--policy", "user", "--budget", "1", "--train", "168h", "--follow-share", "0.3", "--no-quality", "--json"}
		if tc.flag != "" {
			args = append(args, "--access-unread", tc.flag)
		}
		code, out, stderr := cli(t, "", "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.name, code, stderr)
		}
		var m struct {
			Penalised float64 `json:"penalised_delay_min"`
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		delay[tc.name] = m.Penalised
	}
	if delay["default"] != delay["three tenths"] || !(delay["none"] > delay["three tenths"]) || !(delay["three tenths"] > delay["whole"]) {
		t.Errorf("penalised delay by unread share: %v; want none > 0.3 (the default) > whole", delay)
	}
}
