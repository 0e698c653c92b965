package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimWindow evaluates a window of a generated trace: fewer postings
// than the whole run, the penalised delay and spending reported, the lost
// postings' penalty configurable, and bad dates refused.
func TestSimWindow(t *testing.T) {
	posts := filepath.Join(t.TempDir(), "p.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "20", "--days", "30", "--start", "2026-01-01", "--no-titles", "--out", posts); code != 0 {
		t.Fatal(stderr)
	}
	run := func(args ...string) map[string]any {
		t.Helper()
		code, out, stderr := cli(t, "", "", append([]string{"sim", "--trace", posts, "--train", "168h", "--json", "--policy", "accrued"}, args...)...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	whole, part := run(), run("--from", "2026-01-20", "--to", "2026-01-25")
	if part["postings"].(float64) >= whole["postings"].(float64)/2 {
		t.Fatalf("5 days of 30 evaluated %v postings, the 23 evaluated days %v", part["postings"], whole["postings"])
	}
	for _, m := range []map[string]any{whole, part} {
		if m["penalised_delay_min"].(float64) <= 0 || m["spent"].(float64) < 0.97 {
			t.Fatalf("no penalised delay, or the budget unspent: %v", m)
		}
	}
	// A lost posting charged a week weighs more than any captured one.
	heavy := run("--lost-penalty", "168h")
	if heavy["lost"].(float64) == 0 || heavy["penalised_delay_min"].(float64) <= whole["penalised_delay_min"].(float64) {
		t.Fatalf("a week's penalty per lost posting: %v against %v", heavy["penalised_delay_min"], whole["penalised_delay_min"])
	}
	for _, bad := range [][]string{{"--from", "20 Jan"}, {"--to", "2026-13-01"}, {"--from", "2026-01-20", "--to", "2026-01-10"}} {
		if code, _, _ := cli(t, "", "", append([]string{"sim", "--trace", posts}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestSimNotesAQuantisedTrace generates a trace with times on the hour and
// checks that the run says so, and that an exact trace is not flagged.
func TestSimNotesAQuantisedTrace(t *testing.T) {
	for _, tc := range []struct {
		quantise string
		noted    bool
	}{{"1h", true}, {"0s", false}} {
		posts := filepath.Join(t.TempDir(), "p.tsv")
		if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "10", "--days", "10", "--quantise", tc.quantise, "--no-titles", "--out", posts); code != 0 {
			t.Fatal(stderr)
		}
		code, out, stderr := cli(t, "", "", "sim", "--trace", posts, "--train", "72h")
		if code != 0 {
			t.Fatal(stderr)
		}
		if got := strings.Contains(out, "quantised (90% or more on a 1-hour grid"); got != tc.noted {
			t.Errorf("--quantise %s: noted %v, want %v:\n%s", tc.quantise, got, tc.noted, out)
		}
	}
}
