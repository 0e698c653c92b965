package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"vigil/internal/longtest"
	"vigil/store/sqlite"
)

// TestAddPageReturns checks vigil add --page --returns: stored for the
// page, refused without --page or out of range.
func TestAddPageReturns(t *testing.T) {
	db := annDB(t)
	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"add", "--returns", "3", "https://example.org/feed"}, 2, "need --page"},
		{[]string{"add", "--page", "--returns", "17", "https://example.org/p"}, 2, "17"},
		{[]string{"add", "--page", "--returns", "3", "https://example.org/p"}, 0, ""},
	}
	for _, tt := range tests {
		code, _, errOut := cli(t, db, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.says) {
			t.Errorf("vigil %s: exit %d %q, want %d naming %q", strings.Join(tt.args, " "), code, errOut, tt.code, tt.says)
		}
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if p, err := st.Page(context.Background(), 1); err != nil || p.Returns != 3 {
		t.Errorf("page = %+v, %v; want returns 3", p, err)
	}
}

// flipPage is a version of a synthetic page: the whitespace before a
// script flips, and the notice flips between two texts.
func flipPage(i int, notice string) string {
	return fmt.Sprintf("<html><body><h1>Hours</h1><p>%s</p>%s<script>var t=%d;</script></body></html>", notice, strings.Repeat(" ", i%2), i)
}

// TestPageReplay replays a directory and a git history of the same
// versions and checks the counts.
func TestPageReplay(t *testing.T) {
	dir := t.TempDir()
	notices := []string{"Open until six.", "Open until six.", "Closed for works.", "Open until six.", "Closed for works.", "Open until six."}
	for i, n := range notices {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d.html", i)), []byte(flipPage(i, n)), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]int{"versions": 6, "stored": 6, "changes": 4, "told": 1, "returns": 3, "zero_extent": 0}
	check := func(name string, args ...string) {
		code, out, errOut := cli(t, "", "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		for k, v := range want {
			if got[k] != float64(v) {
				t.Errorf("%s: %s = %v, want %d", name, k, got[k], v)
			}
		}
	}
	check("directory", "page", "replay", "--json", dir)
	longtest.Tool(t, "git", "apt-get install -y git")
	repo := t.TempDir()
	gitRun := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@localhost"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	gitRun("init", "-q")
	for i, n := range notices {
		if err := os.WriteFile(filepath.Join(repo, "index.html"), []byte(flipPage(i, n)), 0o600); err != nil {
			t.Fatal(err)
		}
		gitRun("add", "index.html")
		gitRun("commit", "-q", "-m", fmt.Sprint(i))
	}
	check("git", "page", "replay", "--json", "--git-path", "index.html", repo)
	if code, _, errOut := cli(t, "", "", "page", "replay", "--range", "HEAD~2..", dir); code != 2 || !strings.Contains(errOut, "--git-path") {
		t.Errorf("--range without --git-path: exit %d %q", code, errOut)
	}
}
