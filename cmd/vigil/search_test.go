package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/profiler"
	"vigil/store"
	"vigil/store/sqlite"
)

// searchDB makes a database where ann follows a feed about compilers and
// bob one about gardens, and returns its path.
func searchDB(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, name := range []string{"ann", "bob"} {
		if code, _, stderr := cli(t, db, "", "user", "add", name); code != 0 {
			t.Fatalf("user add %s: %s", name, stderr)
		}
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	feeds := []struct {
		user, url, title string
		items            []vigil.Item
	}{
		{"ann", "https://code.example/feed", "Code\tweekly", []vigil.Item{
			{Key: "1", Title: "Weekly digest", URL: "https://code.example/1", Content: "<p>A compiler release.</p>", Published: at},
			{Key: "2", Title: "Compiler\ninternals", URL: "https://code.example/2", Content: "<p>Open source compiler.</p>", Published: at.Add(time.Hour)},
		}},
		{"bob", "https://garden.example/feed", "", []vigil.Item{
			{Key: "3", Title: "Seeds", Content: "<p>Open source seeds and a compiler of seed lists.</p>", Published: at.Add(2 * time.Hour)},
		}},
	}
	for _, f := range feeds {
		storeFeed(t, st, f.user, f.url, f.title, f.items)
	}
	return db
}

// storeFeed subscribes the user to url and stores items as one fetch.
func storeFeed(t *testing.T, st *sqlite.DB, user, url, title string, items []vigil.Item) {
	t.Helper()
	ctx := context.Background()
	u, err := st.UserByName(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, url, 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	fetched := vigil.Fetched{FeedID: sub.Feed.ID, Items: items,
		Observation: vigil.Observation{FeedID: sub.Feed.ID, At: time.Now(), Status: 200, Items: len(items)}}
	decide := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return &vigil.Feed{Title: title}, nil }
	if _, err := st.Ingest(ctx, fetched, decide); err != nil {
		t.Fatal(err)
	}
}

func TestSearchCommand(t *testing.T) {
	db := searchDB(t)
	tests := []struct {
		args []string
		want string // the lines printed
	}{
		{[]string{"compiler"}, "2026-03-02 09:00:00\tCode weekly\tCompiler internals\thttps://code.example/2\n" +
			"2026-03-02 08:00:00\tCode weekly\tWeekly digest\thttps://code.example/1\n" +
			"2026-03-02 10:00:00\t-\tSeeds\t-\n"},
		{[]string{"--user", "bob", "compiler"}, "2026-03-02 10:00:00\t-\tSeeds\t-\n"},
		{[]string{"--user", "ann", `"open source"`}, "2026-03-02 09:00:00\tCode weekly\tCompiler internals\thttps://code.example/2\n"},
		{[]string{"--limit", "1", "open", "sour*"}, "2026-03-02 09:00:00\tCode weekly\tCompiler internals\thttps://code.example/2\n"},
		{[]string{"--user", "bob", "weekly"}, ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, stderr := cli(t, db, "", append([]string{"search"}, tc.args...)...)
			if code != 0 || out != tc.want {
				t.Errorf("exit %d, stderr %q, output\n%q\nwant\n%q", code, stderr, out, tc.want)
			}
		})
	}

	code, out, _ := cli(t, db, "", "search", "--json", "--user", "ann", "compiler")
	var found []vigil.Item
	if err := json.Unmarshal([]byte(out), &found); err != nil || code != 0 {
		t.Fatalf("search --json: exit %d, %v, %q", code, err, out)
	}
	if len(found) != 2 || found[0].Title != "Compiler\ninternals" || found[0].FeedTitle != "Code\tweekly" || found[0].Read {
		t.Errorf("search --json found %+v", found)
	}
	if code, out, _ = cli(t, db, "", "search", "--json", "nothing"); code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("search --json with no match: exit %d, %q; want []", code, out)
	}
}

func TestSearchCommandErrors(t *testing.T) {
	db := searchDB(t)
	tests := []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"search"}, 2, "expected QUERY"},
		{[]string{"search", "--limit", "0", "x"}, 2, "--limit must be 1-500, not 0"},
		{[]string{"search", "--limit", "501", "x"}, 2, "--limit"},
		{[]string{"search", "--bogus", "x"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"search", "*"}, 2, "has no word to search for"},
		{[]string{"search", `"`, "-"}, 2, "has no word to search for"},
		{[]string{"search", "--user", "nobody", "x"}, 1, `no user named "nobody"`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, stderr := cli(t, db, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.errHas) || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, stderr, tc.code, tc.errHas)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Fatalf("error took more than one line: %q", stderr)
			}
		})
	}
}

func TestSearchChannelsCommand(t *testing.T) {
	db := searchDB(t)
	code, out, stderr := cli(t, db, "", "search", "--channels", "seeds", "lists")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	fields := strings.Split(lines[0], "\t")
	if len(fields) != 5 || fields[1] != "2" || fields[2] != "-" || fields[3] != "https://garden.example/feed" ||
		!strings.Contains(fields[4], "seed") || strings.Count(fields[4], ", ") > 4 || !strings.HasPrefix(fields[0], "0.") {
		t.Errorf("first line %q, want score, feed 2, no title, its URL and up to 5 terms", lines[0])
	}
	code, out, _ = cli(t, db, "", "search", "--channels", "--json", "--limit", "1", "compiler", "internals")
	var found []profiler.ScoredFeed
	if err := json.Unmarshal([]byte(out), &found); err != nil || code != 0 {
		t.Fatalf("search --channels --json: exit %d, %v, %q", code, err, out)
	}
	if len(found) != 1 || found[0].FeedID != 1 || found[0].Title != "Code\tweekly" || found[0].Score <= 0 {
		t.Errorf("search --channels --json found %+v, want the code channel", found)
	}
	if code, out, stderr = cli(t, db, "", "search", "--channels", "--json", "knitting"); code != 0 || strings.TrimSpace(out) != "[]" ||
		!strings.Contains(stderr, `no channel ranks for "knitting": none of the 3 profiled items uses its words`) {
		t.Errorf("search --channels --json with no match: exit %d, %q, %q; want [] and why", code, out, stderr)
	}
	// Every item says "compiler": its idf is 0, so it ranks nothing, and
	// the command says so instead of printing nothing.
	if code, out, stderr = cli(t, db, "", "search", "--channels", "compiler"); code != 0 || out != "" ||
		!strings.Contains(stderr, "every one of the 3 profiled items uses compil") || !strings.Contains(stderr, "idf 0") {
		t.Errorf("search --channels with a word of every item: exit %d, %q, %q; want why nothing ranks", code, out, stderr)
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if s, err := store.ReadProfilerState(context.Background(), st); err != nil || s.Through != 0 || len(s.Channels) != 0 {
		t.Errorf("search --channels saved profiles (%+v, %v); it must leave them to the server", s, err)
	}
}

func TestSearchChannelsCommandErrors(t *testing.T) {
	db := searchDB(t)
	tests := []struct {
		args   []string
		errHas string
	}{
		{[]string{"search", "--channels"}, "expected QUERY"},
		{[]string{"search", "--channels", "--user", "ann", "x"}, "--user does not go with --channels"},
		{[]string{"search", "--channels", "  "}, "has no word to search for"},
		{[]string{"search", "--channels", "--limit", "0", "x"}, "--limit must be 1-500"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, stderr := cli(t, db, "", tc.args...)
			if code != 2 || !strings.Contains(stderr, tc.errHas) || out != "" || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and one line with %q", code, out, stderr, tc.errHas)
			}
		})
	}
}
