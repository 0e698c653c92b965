package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSimReportCommand(t *testing.T) {
	dir := t.TempDir()
	posts, users, out := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "u.tsv"), filepath.Join(dir, "report")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "21", "--users", "2", "--out", posts, "--users-out", users, "--no-titles"); code != 0 {
		t.Fatal(stderr)
	}
	args := []string{"sim", "report", "--trace", posts, "--users", users, "--out", out, "--budgets", "1,2", "--policies", "uniform,combined,clairvoyant", "--train", "168h", "--jobs", "2"}
	code, stdout, stderr := cli(t, "", "", args...)
	if code != 0 || !strings.Contains(stdout, "wrote the report of") {
		t.Fatalf("sim report: %d %q %q", code, stdout, stderr)
	}
	if stderr != "" {
		t.Errorf("off a terminal, sim report should show no progress: %q", stderr)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"vigil sim report --trace " + posts, "| uniform | ", "| combined | ", "| clairvoyant | ", "## B = 2 ", " sources, "} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, name := range []string{"results.json", "delay.svg", "misses.svg", "divergence.svg"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".svg") {
			var doc struct{ XMLName xml.Name }
			if err := xml.Unmarshal(b, &doc); err != nil || doc.XMLName.Local != "svg" {
				t.Errorf("%s is not an SVG document: %v", name, err)
			}
		}
	}
}

func TestSimReportErrors(t *testing.T) {
	tests := [][]string{
		{"sim", "report", "--out", "x"},
		{"sim", "report", "--trace", "t.tsv"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--budgets", "1,zero"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--budgets", "-1"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--policies", "uniform,nope"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--jobs", "0"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--policies", "uniform,uniform"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "--shape-policy", "nope"},
		{"sim", "report", "--trace", "t.tsv", "--out", "x", "extra"},
	}
	for _, args := range tests {
		if code, _, stderr := cli(t, "", "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

func TestShellJoin(t *testing.T) {
	got := shellJoin([]string{"--out", "my dir", "--policies", "it's", ""})
	if want := `--out 'my dir' --policies 'it'\''s' ''`; got != want {
		t.Errorf("shellJoin = %s, want %s", got, want)
	}
}

func TestSimProfileReportCommand(t *testing.T) {
	dir := t.TempDir()
	posts, out := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "profiles")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "12", "--days", "17", "--out", posts); code != 0 {
		t.Fatal(stderr)
	}
	code, stdout, stderr := cli(t, "", "", "sim", "report", "--profiles", "--trace", posts, "--out", out, "--train", "168h", "--jobs", "2")
	if code != 0 || !strings.Contains(stdout, "wrote the profile report of") {
		t.Fatalf("sim report --profiles: %d %q %q", code, stdout, stderr)
	}
	md, err := os.ReadFile(filepath.Join(out, "profiles.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--profiles", "## Novelty filter", "| 0.1 | ", "content-fair"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("profiles.md lacks %q", want)
		}
	}
	untitled := filepath.Join(dir, "u.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "5", "--days", "17", "--no-titles", "--out", untitled); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := cli(t, "", "", "sim", "report", "--profiles", "--trace", untitled, "--out", out); code == 0 || !strings.Contains(stderr, "titles") {
		t.Errorf("a trace without titles: exit %d, %q", code, stderr)
	}
}

// TestSimReportResumes interrupts vigil sim report once its first run is
// kept, then runs the same command again: it resumes from the kept runs
// and writes the whole report.
func TestSimReportResumes(t *testing.T) {
	dir := t.TempDir()
	posts, out := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "report")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "30", "--days", "21", "--out", posts, "--no-titles"); code != 0 {
		t.Fatal(stderr)
	}
	args := []string{"sim", "report", "--trace", posts, "--out", out, "--budgets", "1,2,4", "--policies", "uniform,combined,clairvoyant", "--shape-policy", "none", "--train", "168h", "--jobs", "1"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	done := make(chan int)
	go func() { done <- run(ctx, e, args) }()
	var code int
	for waiting := true; waiting; {
		select {
		case code = <-done:
			t.Fatalf("sim report ended before it was interrupted: %d %q", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
			kept, _ := filepath.Glob(filepath.Join(out, "runs", "*", "*.json"))
			waiting = len(kept) == 0
		}
	}
	cancel()
	if code = <-done; code != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("interrupted sim report: %d %q", code, stderr.String())
	}
	kept, _ := filepath.Glob(filepath.Join(out, "runs", "*", "*.json"))
	if len(kept) == 0 || len(kept) == 9 {
		t.Fatalf("the interrupted report kept %d of 9 runs", len(kept))
	}
	code, so, se := cli(t, "", "", args...)
	if code != 0 || !strings.Contains(so, fmt.Sprintf("resuming: %d finished run(s) kept in ", len(kept))) || !strings.Contains(so, "wrote the report of 9 runs") {
		t.Fatalf("resumed sim report: %d %q %q", code, so, se)
	}
	if _, err := os.Stat(filepath.Join(out, "report.md")); err != nil {
		t.Fatal(err)
	}
}
