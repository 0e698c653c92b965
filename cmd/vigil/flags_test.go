package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"vigil/internal/longtest"
)

const oneItemRSS = `<rss version="2.0"><channel><title>Galaxy news</title><link>http://example.org/</link>` +
	`<item><guid>1</guid><title>A galaxy far away</title><pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate></item></channel></rss>`

// TestFlagsAnywhere runs command lines whose flags stand after the
// positional arguments, or before the command's or subcommand's name.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("feed.xml", []byte(oneItemRSS), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("-odd.xml", []byte(oneItemRSS), 0o644); err != nil {
		t.Fatal(err)
	}
	env := filepath.Join(dir, "env.db") // VIGIL_DB: the database a test line must not use
	other := filepath.Join(dir, "other.db")
	tests := []struct {
		args    []string
		outHas  string
		outLack string
	}{
		{[]string{"parse", "feed.xml", "--json"}, `"title": "Galaxy news"`, ""},
		{[]string{"parse", "--json", "--", "-odd.xml"}, `"title": "Galaxy news"`, ""},
		{[]string{"user", "add", "zed", "--db", other}, "user zed created", ""},
		{[]string{"--db", other, "user", "add", "bob"}, "user bob created", ""},
		{[]string{"--db=" + other, "user", "add", "cat"}, "user cat created", ""},
		{[]string{"user", "--db", other, "list"}, "zed\t", ""},
		{[]string{"user", "list", "--db", other}, "bob\t", ""},
		{[]string{"search", "galaxy", "--json", "--db", other}, "[]", ""},
		{[]string{"items", "--db", other, "--json"}, "[]", ""},
		{[]string{"page", "--db", other, "diff", "feed.xml", "feed.xml", "--json"}, `"any": false`, ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, stderr := cli(t, env, "", tc.args...)
			if code != 0 || !strings.Contains(out, tc.outHas) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and %q", code, out, stderr, tc.outHas)
			}
		})
	}
	if _, err := os.Stat(env); err == nil {
		t.Error("a command used VIGIL_DB although --db named another database")
	}
}

// TestFlagErrors checks the messages of command lines whose flags are
// misplaced or wrong.
func TestFlagErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	tests := []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"--db", db}, 2, "expected a command"},
		{[]string{"--json", "items"}, 2, "--json goes after the command"},
		{[]string{"user", "--db", db}, 2, "expected a subcommand: add, list, passwd, token or remove"},
		{[]string{"user", "add", "zed", "--bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"user", "add", "zed", "extra"}, 2, "expected NAME, got 2 argument(s)"},
		{[]string{"items", "--limit"}, 2, "flag needs an argument: -limit"},
		{[]string{"trace", "--db", db, "nope"}, 2, `unknown subcommand "nope": expected gen`},
		{[]string{"page", "--db", db, "nope"}, 2, `unknown subcommand "nope": expected diff, set, noise, gen, replay or sim`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, db, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.errHas) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.errHas)
			}
		})
	}
}

// TestHelpListsExamples asks every command and subcommand of the table for
// its help, with -h and --help.
func TestHelpListsExamples(t *testing.T) {
	for _, n := range commandTree(t.Context())[1:] {
		for _, h := range []string{"-h", "--help"} {
			args := append(strings.Fields(n.path), h)
			code, out, stderr := cli(t, "", "", args...)
			if code != 0 || !strings.Contains(out, "Usage: vigil "+n.path) || !strings.Contains(out, "\nExamples:\n  vigil ") {
				t.Errorf("vigil %s: exit %d, stdout %q, stderr %q; want usage and examples", strings.Join(args, " "), code, out, stderr)
			}
		}
	}
}

func TestVersionLine(t *testing.T) {
	tests := []struct {
		settings []debug.BuildSetting
		linked   string
		want     string
	}{
		{nil, "", "vigil (devel) built with go1.26.8"},
		{nil, "def456", "vigil (devel) commit def456 built with go1.26.8"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-24T07:00:00Z"}, {Key: "vcs.modified", Value: "true"}}, "",
			"vigil (devel) commit abc123 of 2026-11-24T07:00:00Z with uncommitted changes built with go1.26.8"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}, "", "vigil (devel) commit abc123 built with go1.26.8"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}}, "def456", "vigil (devel) commit abc123 built with go1.26.8"},
	}
	for _, tc := range tests {
		info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "vigil", Version: "(devel)"}, Settings: tc.settings}
		if got := versionLine(info, tc.linked); got != tc.want {
			t.Errorf("versionLine = %q, want %q", got, tc.want)
		}
	}
	out, err := exec.Command(vigilBin, "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "vigil ") || !strings.Contains(string(out), "built with "+runtime.Version()) {
		t.Fatalf("vigil version: %v %q", err, out)
	}
}

// TestBashCompletion loads the generated script into bash and asks it to
// complete partial command lines.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	script := filepath.Join(t.TempDir(), "vigil.bash")
	code, out, stderr := cli(t, "", "", "completion", "bash")
	if code != 0 {
		t.Fatal(stderr)
	}
	if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string // the words typed; the last is being completed
		want string // COMPREPLY, sorted, space-separated
	}{
		{"vigil us", "user"},
		{"vigil user ", "add list passwd remove token"},
		{"vigil --db x.db user l", "list"},
		{"vigil user --db x.db l", "list"},
		{"vigil items --js", "--json"},
		{"vigil items --feed 3 --u", "--unread --user"},
		{"vigil sim r", "report"},
		{"vigil sim report --pol", "--policies"},
		{"vigil trace gen --no", "--no-titles"},
		{"vigil parse --db ", ""},
		{"vigil completion --h", "--help"},
		{"vigil conf", "config"},
		{"vigil config --smtp-p", "--smtp-port"},
		{"vigil config --db x.db --no-t", "--no-tracking"},
	}
	for _, tc := range tests {
		words := strings.Split(tc.line, " ")
		prog := `source "$1"; COMP_WORDS=(` + quoteWords(words) + `); COMP_CWORD=` + strconv.Itoa(len(words)-1) +
			`; _vigil; printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '`
		got, err := exec.Command(bash, "-c", prog, "bash", script).Output()
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if strings.TrimSpace(string(got)) != tc.want {
			t.Errorf("completing %q: %q, want %q", tc.line, strings.TrimSpace(string(got)), tc.want)
		}
	}
}

// TestZshCompletion checks the zsh script's syntax with zsh -n and that it
// names every command path.
func TestZshCompletion(t *testing.T) {
	code, out, stderr := cli(t, "", "", "completion", "zsh")
	if code != 0 || !strings.HasPrefix(out, "#compdef vigil\n") {
		t.Fatalf("completion zsh: %d %q", code, stderr)
	}
	for _, n := range commandTree(t.Context()) {
		if !strings.Contains(out, `("`+n.path+`") subs=(`) {
			t.Errorf("the zsh script lacks the command %q", n.path)
		}
	}
	zsh := longtest.Tool(t, "zsh", "apt-get install -y zsh")
	script := filepath.Join(t.TempDir(), "_vigil")
	if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(zsh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v %s", err, msg)
	}
	// Outside the completion system, compadd (which offers the words that
	// begin as the word being completed), _files and compdef are stood in
	// for by functions that print what they would offer.
	tests := []struct {
		line string // the words typed; the last is being completed
		want string // what is offered, sorted, space-separated
	}{
		{"vigil us", "user"},
		{"vigil user ", "add list passwd remove token"},
		{"vigil --db x.db user l", "list"},
		{"vigil user --db x.db l", "list"},
		{"vigil items --feed 3 --u", "--unread --user"},
		{"vigil parse --db ", "FILES"},
		{"vigil parse ", "FILES"},
	}
	for _, tc := range tests {
		words := strings.Split(tc.line, " ")
		prog := `compadd() { shift; local w; for w in "$@"; do [[ $w == ${words[CURRENT]}* ]] && print -- $w; done; return 0; }; _files() { print FILES; }; compdef() { :; }; source "$1"; ` +
			`words=(` + quoteWords(words) + `); CURRENT=` + strconv.Itoa(len(words)) + `; _vigil | sort | tr '\n' ' '`
		got, err := exec.Command(zsh, "-f", "-c", prog, "zsh", script).Output()
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if strings.TrimSpace(string(got)) != tc.want {
			t.Errorf("completing %q in zsh: %q, want %q", tc.line, strings.TrimSpace(string(got)), tc.want)
		}
	}
}

// quoteWords writes words as a bash array body.
func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	return strings.Join(q, " ")
}
