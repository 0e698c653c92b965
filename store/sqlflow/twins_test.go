package sqlflow

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// maxTwinLines bounds the code lines the PostgreSQL store writes again in
// the SQLite store: what both write alike belongs here, in the shared flow.
const maxTwinLines = 450

// TestStoreTwinsShareLittle counts the code lines of each of store/postgres's
// files (tests aside) that also stand in the store/sqlite file of the same
// name, a line compared without its indentation, comments and lines of
// punctuation alone left out, and fails past maxTwinLines. With -v it
// lists the count per file.
func TestStoreTwinsShareLittle(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "postgres", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, pg := range names {
		name := filepath.Base(pg)
		twin := filepath.Join("..", "sqlite", name)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, err := os.Stat(twin); err != nil {
			continue
		}
		n := sharedLines(t, pg, twin)
		if n > 0 {
			t.Logf("%s: %d", name, n)
		}
		total += n
	}
	t.Logf("store/postgres writes %d code lines again in store/sqlite (at most %d)", total, maxTwinLines)
	if total > maxTwinLines {
		t.Errorf("store/postgres writes %d code lines again in store/sqlite, more than %d: move what both write alike into sqlflow", total, maxTwinLines)
	}
	if total == 0 {
		t.Errorf("no line of store/postgres found in store/sqlite: the count reads the wrong files")
	}
}

// sharedLines counts the code lines of a that stand in b too.
func sharedLines(t *testing.T, a, b string) int {
	t.Helper()
	in := make(map[string]bool)
	for _, l := range codeLines(t, b) {
		in[l] = true
	}
	n := 0
	for _, l := range codeLines(t, a) {
		if in[l] {
			n++
		}
	}
	return n
}

// codeLines returns a Go file's lines without their indentation, leaving
// out comments and lines with no letter or digit.
func codeLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "//") || strings.IndexFunc(l, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
