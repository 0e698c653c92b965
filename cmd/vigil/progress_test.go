package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMeterDraws(t *testing.T) {
	var b bytes.Buffer
	m := &meter{w: &b, what: "importing feeds", total: 4}
	m.step("http://a/")
	m.step("http://b/")
	m.set(4, 4, "")
	m.finish()
	got := strings.Split(b.String(), "\r\033[K")
	want := []string{"", "importing feeds [" + strings.Repeat("#", 7) + strings.Repeat(".", 23) + "] 1/4 http://a/",
		"importing feeds [" + strings.Repeat("#", 15) + strings.Repeat(".", 15) + "] 2/4 http://b/",
		"importing feeds [" + strings.Repeat("#", 30) + "] 4/4 ", ""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("meter drew\n%q\nwant\n%q", got, want)
	}
	b.Reset()
	(&meter{w: &b, what: "fetching"}).step("x")
	if b.String() != "\r\033[Kfetching: 1 x" {
		t.Fatalf("meter without total drew %q", b.String())
	}
}

// TestMeterSilentOffTerminal checks that buffers, files and pipes get no
// progress and that a nil meter is safe to use.
func TestMeterSilentOffTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	f, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, out := range []any{&bytes.Buffer{}, w, f} {
		var m *meter
		switch o := out.(type) {
		case *bytes.Buffer:
			m = newMeter(o, "x", 3)
		case *os.File:
			m = newMeter(o, "x", 3)
		}
		if m != nil {
			t.Fatalf("a meter on %T: want none off a terminal", out)
		}
		m.step("a")
		m.set(1, 2, "b")
		m.finish()
	}
}

// TestProgressOnATerminal runs vigil sim under script(1), which gives it a
// pseudo-terminal, and then through a pipe: progress shows only on the
// terminal.
func TestProgressOnATerminal(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is not installed")
	}
	posts := filepath.Join(t.TempDir(), "p.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "10", "--days", "20", "--out", posts, "--no-titles"); code != 0 {
		t.Fatal(stderr)
	}
	line := vigilBin + " sim --trace " + posts + " --policy uniform --no-quality"
	tty, err := exec.Command(script, "-qec", line, "/dev/null").CombinedOutput()
	if err != nil || !strings.Contains(string(tty), "\r\033[Ksim uniform [") || !strings.Contains(string(tty), "simulated hours") {
		t.Fatalf("on a terminal: %v %q", err, tty)
	}
	piped, err := exec.Command(vigilBin, strings.Fields(line)[1:]...).CombinedOutput()
	if err != nil || strings.Contains(string(piped), "\r") || strings.Contains(string(piped), "simulated hours") {
		t.Fatalf("piped: %v %q", err, piped)
	}
}
