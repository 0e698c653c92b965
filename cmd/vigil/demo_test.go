package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
	"vigil/trace"
)

// busyTrace writes a trace of n sources that publish every 10 minutes over
// two days, so that a demo at high speed has something to fetch at once.
// At 20000× a virtual day (the longest interval between fetches) takes
// 4.3 real seconds, well within waitFor's 15 s.
func busyTrace(t *testing.T, n int) string {
	t.Helper()
	start := time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC)
	p := &trace.Postings{Start: start, End: start.Add(48 * time.Hour)}
	for i := range n {
		src := trace.Source{ID: fmt.Sprintf("busy%d", i)}
		for at := 10 * time.Minute; at < 48*time.Hour; at += 10 * time.Minute {
			src.Postings = append(src.Postings, trace.Posting{Time: start.Add(at + time.Duration(i)*time.Minute)})
		}
		p.Sources = append(p.Sources, src)
	}
	path := filepath.Join(t.TempDir(), "busy.tsv")
	if err := trace.WritePostingsFile(path, p); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDemoIngestsTheTraceAndStopsCleanly(t *testing.T) {
	db := filepath.Join(t.TempDir(), "demo.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, e, []string{"demo", "--trace", busyTrace(t, 4), "--sources", "3",
			"--speed", "20000", "--addr", "127.0.0.1:0", "--db", db})
	}()
	waitFor(t, func() bool { return demoProgress(t, db) })
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("vigil demo exited with %d: %s", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("vigil demo did not stop within 15 s of its context ending")
	}
	for _, want := range []string{"3 sources", "log in as demo", "password: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
	checkDemoFeeds(t, db)
}

// demoProgress reports whether every demo feed was fetched, items were
// stored and some feed was fetched again on the learnt schedule.
func demoProgress(t *testing.T, db string) bool {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		return false // not created yet
	}
	defer st.Close()
	ctx := context.Background()
	feeds, err := st.Feeds(ctx)
	if err != nil || len(feeds) != 3 {
		return false
	}
	items, again := 0, false
	for _, f := range feeds {
		obs, err := st.Observations(ctx, f.ID, 10)
		if err != nil || len(obs) == 0 {
			return false
		}
		items += f.ItemCount
		again = again || len(obs) >= 2
	}
	return items > 0 && again
}

// checkDemoFeeds checks that the user demo follows the three first sources
// and that the stored items are postings of the trace.
func checkDemoFeeds(t *testing.T, db string) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.UserByName(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil || len(subs) != 3 {
		t.Fatalf("demo follows %d feeds (%v), want 3", len(subs), err)
	}
	for i, s := range subs {
		if !strings.HasSuffix(s.Feed.URL, fmt.Sprintf("/feeds/busy%d.xml", i)) {
			t.Errorf("subscription %d is to %s", i, s.Feed.URL)
		}
	}
	items, err := st.Items(ctx, vigil.ItemQuery{UserID: u.ID, Limit: 1000})
	if err != nil || len(items) == 0 {
		t.Fatalf("%d items stored (%v)", len(items), err)
	}
	for _, it := range items {
		if !strings.HasPrefix(it.Title, "Posting ") {
			t.Errorf("stored item %q is no posting of the trace", it.Title)
		}
	}
}

func TestDemoRefusesBadCommandLines(t *testing.T) {
	other := filepath.Join(t.TempDir(), "other.db")
	if code, _, errs := cli(t, other, "", "user", "add", "alice"); code != 0 {
		t.Fatal(errs)
	}
	tests := []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"--speed", "0"}, 2, "--speed"},
		{[]string{"--sources", "0"}, 2, "--sources"},
		{[]string{"--budget", "-1"}, 2, "--budget"},
		{[]string{"--warmup", "-1h"}, 2, "--warmup"},
		{[]string{"--policy", "nope"}, 2, "unknown --policy"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"--trace", filepath.Join(t.TempDir(), "missing.tsv")}, 1, "missing.tsv"},
		{[]string{"--db", other, "--sources", "2", "--addr", "127.0.0.1:0"}, 1, `user "alice"`},
	}
	for _, tt := range tests {
		code, _, errs := cli(t, "", "", append([]string{"demo"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.errHas) {
			t.Errorf("demo %v: exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, errs, tt.code, tt.errHas)
		}
	}
}

func TestDemoPostingsTakesTheFirstSources(t *testing.T) {
	busy := busyTrace(t, 4)
	tests := []struct {
		path string
		n    int
		want []string
	}{
		{busy, 2, []string{"busy0", "busy1"}},
		{busy, 50, []string{"busy0", "busy1", "busy2", "busy3"}},
	}
	for _, tt := range tests {
		p, _, err := demoPostings(tt.path, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, s := range p.Sources {
			ids = append(ids, s.ID)
		}
		if strings.Join(ids, " ") != strings.Join(tt.want, " ") {
			t.Errorf("demoPostings(%d) took %v, want %v", tt.n, ids, tt.want)
		}
	}
	p, origin, err := demoPostings("", 5)
	if err != nil || len(p.Sources) == 0 || len(p.Sources) > 5 || !strings.Contains(origin, "generated") {
		t.Fatalf("a generated trace of 5 sources gave %d sources from %q (%v)", len(p.Sources), origin, err)
	}
}
