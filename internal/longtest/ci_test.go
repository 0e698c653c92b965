package longtest

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot is the repository's top directory, seen from this package.
var repoRoot = filepath.Join("..", "..")

// ciLine is one line of .ci/longtests: a package directory (./webcheck)
// and the -run pattern of its long checks.
type ciLine struct {
	pkg string
	run *regexp.Regexp
}

// readCILines reads .ci/longtests, skipping comments and blank lines.
func readCILines(t *testing.T, path string) []ciLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []ciLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 2 || strings.Contains(fields[1], "/") {
			t.Fatalf("%s:%d: want a package and a -run pattern of top-level tests, have %q", path, n, sc.Text())
		}
		run, err := regexp.Compile(fields[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		lines = append(lines, ciLine{pkg: filepath.Clean(fields[0]), run: run})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// testFiles parses every _test.go file under root, by directory relative
// to root, leaving out testdata and hidden directories.
func testFiles(t *testing.T, root string) map[string][]*ast.File {
	t.Helper()
	dirs := map[string][]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dirs[rel] = append(dirs[rel], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// TestEveryLongCheckRunsInCI checks that every test gated by Need (or
// reading Enabled) is selected by a line of .ci/longtests, so that .ci/run's second pass runs
// it: a gated test missing there would run nowhere in CI.
func TestEveryLongCheckRunsInCI(t *testing.T) {
	lines := readCILines(t, filepath.Join(repoRoot, ".ci", "longtests"))
	for dir, files := range testFiles(t, repoRoot) {
		for _, name := range gatedTests(files) {
			if !selected(lines, dir, name) {
				t.Errorf("%s in ./%s calls longtest.Need or Enabled, but no line of .ci/longtests selects it: add one", name, dir)
			}
		}
	}
}

// selected reports whether a line of .ci/longtests runs test name of the
// package in dir.
func selected(lines []ciLine, dir, name string) bool {
	for _, l := range lines {
		if l.pkg == filepath.Clean(dir) && l.run.MatchString(name) {
			return true
		}
	}
	return false
}
