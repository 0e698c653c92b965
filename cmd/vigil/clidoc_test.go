package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cliDocUpdate, when set, makes TestCLIReferenceMatchesHelp rewrite
// docs/cli.md's help blocks from the binary instead of failing.
const cliDocUpdate = "VIGIL_UPDATE_DOCS"

// helpBlock is one ```text block of docs/cli.md: the lines between its
// fences (start inclusive, end exclusive) and the command whose -h output
// it shows.
type helpBlock struct {
	start, end int
	args       []string
}

// helpArgs returns the command words of a help text's first line ("Usage:
// vigil page diff [flags] OLD NEW" gives page diff), the words after vigil
// up to the first that is not a lower-case name; ok is false when the
// block shows no usage line. The top block (vigil help's own) gives help.
func helpArgs(first string) ([]string, bool) {
	if strings.HasPrefix(first, "vigil watches") {
		return []string{"help"}, true
	}
	rest, ok := strings.CutPrefix(first, "Usage: vigil ")
	if !ok {
		return nil, false
	}
	var args []string
	for _, w := range strings.Fields(rest) {
		if w != strings.ToLower(w) || strings.ContainsAny(w, "[|<") {
			break
		}
		args = append(args, w)
	}
	return append(args, "-h"), len(args) > 0
}

// helpBlocks finds the blocks of lines that show a help text.
func helpBlocks(lines []string) []helpBlock {
	var out []helpBlock
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```text" {
			continue
		}
		end := i + 1
		for end < len(lines) && lines[end] != "```" {
			end++
		}
		if end > i+1 {
			if args, ok := helpArgs(lines[i+1]); ok {
				out = append(out, helpBlock{start: i + 1, end: end, args: args})
			}
		}
		i = end
	}
	return out
}

// TestHelpArgs checks which blocks count as help texts.
func TestHelpArgs(t *testing.T) {
	tests := []struct {
		first string
		want  string
		ok    bool
	}{
		{"Usage: vigil serve [flags] ", "serve -h", true},
		{"Usage: vigil page diff [flags] OLD NEW", "page diff -h", true},
		{"Usage: vigil user SUBCOMMAND [flags] [arguments]", "user -h", true},
		{"Usage: vigil completion [flags] bash|zsh", "completion -h", true},
		{"vigil watches web feeds for many people with a limited fetch budget.", "help", true},
		{"SETTING        VALUE           SOURCE", "", false},
	}
	for _, tt := range tests {
		args, ok := helpArgs(tt.first)
		if ok != tt.ok || strings.Join(args, " ") != tt.want {
			t.Errorf("helpArgs(%q) = %q, %v; want %q, %v", tt.first, args, ok, tt.want, tt.ok)
		}
	}
}

// TestCLIReferenceMatchesHelp requires every help text docs/cli.md shows
// to be what the binary prints, so that the reference cannot drift from
// the commands. With VIGIL_UPDATE_DOCS=1 it rewrites them instead.
func TestCLIReferenceMatchesHelp(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "cli.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	blocks := helpBlocks(lines)
	if len(blocks) < 20 {
		t.Fatalf("docs/cli.md shows %d help texts; want one per command", len(blocks))
	}
	update := os.Getenv(cliDocUpdate) != ""
	for i := len(blocks) - 1; i >= 0; i-- {
		bl := blocks[i]
		out, err := exec.Command(vigilBin, bl.args...).CombinedOutput()
		if err != nil {
			t.Errorf("vigil %s: %v\n%s", strings.Join(bl.args, " "), err, out)
			continue
		}
		want := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		got := lines[bl.start:bl.end]
		if strings.Join(got, "\n") == strings.Join(want, "\n") {
			continue
		}
		if update {
			lines = append(lines[:bl.start], append(want, lines[bl.end:]...)...)
			continue
		}
		t.Errorf("docs/cli.md:%d differs from vigil %s (run this test with %s=1 to rewrite it):\n%s",
			bl.start, strings.Join(bl.args, " "), cliDocUpdate, strings.Join(want, "\n"))
	}
	if update {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
