package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestSimTrackingFlags checks that accrued tracks each source's rate by
// default, that --no-tracking plans by the learned models alone (a
// different schedule on a generated trace), that turning both
// estimators, the silent-feed bound and the level prior off by their
// settings is the same as --no-tracking, and that the level prior alone
// changes the schedule; and that --alpha sets the learned rate's smoothing
// constant, its default written out changing nothing.
func TestSimTrackingFlags(t *testing.T) {
	posts := filepath.Join(t.TempDir(), "p.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "21", "--no-titles", "--out", posts); code != 0 {
		t.Fatal(stderr)
	}
	delay := func(args ...string) float64 {
		t.Helper()
		all := append([]string{"sim", "--trace", posts, "--policy", "accrued", "--train", "168h", "--json"}, args...)
		code, out, stderr := cli(t, "", "", all...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m struct {
			Penalised float64 `json:"penalised_delay_min"`
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		return m.Penalised
	}
	tracked, plain := delay(), delay("--no-tracking")
	if tracked == plain {
		t.Errorf("tracking changed nothing: %v minutes both ways", tracked)
	}
	if off := delay("--recent-half-life", "0", "--shape-prior", "0", "--silent-shares", "0", "--level-prior", "0"); off != plain {
		t.Errorf("all four off by their settings: %v minutes, --no-tracking %v", off, plain)
	}
	if unshrunk := delay("--level-prior", "0"); unshrunk == tracked {
		t.Errorf("the level prior changed nothing: %v minutes both ways", tracked)
	}
	if again := delay("--recent-half-life", "24h", "--recent-prior", "500h", "--shape-prior", "50", "--silent-shares", "4", "--level-prior", "3"); again != tracked {
		t.Errorf("the default settings written out: %v minutes, the default %v", again, tracked)
	}
	if same := delay("--alpha", "0.1"); same != tracked {
		t.Errorf("--alpha 0.1, the default: %v minutes, the default %v", same, tracked)
	}
	if faster := delay("--alpha", "0.5"); faster == tracked {
		t.Errorf("--alpha 0.5 changed nothing: %v minutes both ways", tracked)
	}
}
