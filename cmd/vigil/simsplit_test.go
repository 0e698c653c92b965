package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimSplitFlags runs the user policy on a generated trace with its
// readers: the two halves of the sources add up to all of them, half the
// readers read in fewer accesses, a later stretch of the readers' history
// and a follow share change what readers miss, and a prior of 0 (Sia et
// al.'s own estimates) plans differently from the default. Wrong values are
// usage errors.
func TestSimSplitFlags(t *testing.T) {
	dir := t.TempDir()
	posts, users := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "u.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "40", "--days", "42", "--no-titles", "--users", "6", "--out", posts, "--users-out", users); code != 0 {
		t.Fatal(stderr)
	}
	type metrics struct {
		Sources  int     `json:"sources"`
		Accesses int     `json:"accesses"`
		Misses   float64 `json:"misses_per_access"`
	}
	run := func(args ...string) metrics {
		t.Helper()
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user", "--train", "168h", "--json"}, args...)
		code, out, stderr := cli(t, "", "", all...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m metrics
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	all, first, second := run(), run("--sources-part", "1/2"), run("--sources-part", "2/2")
	if first.Sources+second.Sources != all.Sources || first.Sources == 0 || second.Sources == 0 {
		t.Errorf("source halves %d + %d, all %d", first.Sources, second.Sources, all.Sources)
	}
	if half := run("--users-part", "1/2"); half.Accesses == 0 || half.Accesses >= all.Accesses {
		t.Errorf("half the readers made %d accesses, all %d", half.Accesses, all.Accesses)
	}
	for _, args := range [][]string{{"--users-skip-weeks", "3"}, {"--follow-share", "0.2"}, {"--access-prior", "0"}} {
		if m := run(args...); m.Misses == all.Misses {
			t.Errorf("%v changed nothing: %v misses per access both ways", args, m.Misses)
		}
	}
	for _, bad := range [][]string{{"--sources-part", "3/2"}, {"--users-part", "x"}, {"--users-skip-weeks", "-1"}, {"--follow-share", "0"}, {"--access-prior", "-1"}} {
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user"}, bad...)
		if code, _, stderr := cli(t, "", "", all...); code == 0 || !strings.Contains(stderr, strings.TrimPrefix(bad[0], "--")) && !strings.Contains(stderr, "prior") {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
	}
}
