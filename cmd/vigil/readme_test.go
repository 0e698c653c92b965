package main

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readmeExample is one command line of a ```sh block of README.md.
type readmeExample struct {
	line    int
	command string
}

// readmeExamples returns the command lines of README.md's ```sh blocks,
// without their trailing comments.
func readmeExamples(t *testing.T, path string) []readmeExample {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	comment := regexp.MustCompile(`\s+#\s.*$`)
	var out []readmeExample
	inBlock := false
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "```sh"):
			inBlock = true
		case strings.HasPrefix(l, "```"):
			inBlock = false
		case inBlock && strings.TrimSpace(l) != "":
			out = append(out, readmeExample{line: i + 1, command: strings.TrimSpace(comment.ReplaceAllString(l, ""))})
		}
	}
	return out
}

// readmeNotRun are the README lines this test does not run, and why.
var readmeNotRun = map[string]string{
	"go test ./...": "runs the whole suite, this test included",
}

// readmeForever are the commands that run until interrupted, with what
// they print once they serve: they are started, awaited and stopped with
// SIGINT, which must end them cleanly.
var readmeForever = map[string]string{
	"serve":  "vigil serving http://",
	"worker": "fetching for",
	"demo":   "open http://",
}

// TestReadmeExamples runs every command line of README.md's ```sh blocks
// as written, in order, with bash, the vigil binary first on PATH, in a
// temporary directory next to a link to ../shared (so that ../shared/...
// paths work) holding feed.xml and feeds.opml. What it adds around them:
// https://example.org/ URLs point to a loopback feed server, with
// VIGIL_ALLOW_PRIVATE=true and VIGIL_HOST_GAP=0 so that vigil may fetch it
// at once; VIGIL_ADDR=127.0.0.1:0 so that servers take a free port; lines
// starting with "go" run in the repository with VIGIL_DB in the temporary
// directory (a database of their own), so that the tree is not written;
// the PostgreSQL examples get a database of their own (readmePostgresDB).
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the README's simulator examples")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprintf(w, `<rss version="2.0"><channel><title>Galaxy news %s</title><link>http://example.org/</link>`+
			`<item><guid>1</guid><title>A galaxy far away</title><description>&lt;p&gt;stars&lt;/p&gt;</description>`+
			`<pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate></item></channel></rss>`, r.URL.Path)
	}))
	defer srv.Close()
	root := t.TempDir()
	if err := os.Symlink(filepath.Join(repo, "..", "shared"), filepath.Join(root, "shared")); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(root, "work")
	files := map[string]string{
		"feed.xml": oneItemRSS,
		"feeds.opml": `<opml version="2.0"><head><title>mine</title></head><body>` +
			`<outline text="Galaxy" xmlUrl="https://example.org/feed.xml"/></body></opml>`,
	}
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(work, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PATH="+filepath.Dir(vigilBin)+":"+os.Getenv("PATH"), "VIGIL_DB=",
		"VIGIL_ALLOW_PRIVATE=true", "VIGIL_HOST_GAP=0", "VIGIL_ADDR=127.0.0.1:0")
	examples := readmeExamples(t, filepath.Join(repo, "README.md"))
	if len(examples) < 10 {
		t.Fatalf("found %d examples in README.md: are the ```sh blocks there?", len(examples))
	}
	pgRewrite, pgSkip := readmePostgresDB(t)
	for _, ex := range examples {
		if why, ok := readmeNotRun[ex.command]; ok {
			t.Logf("README.md:%d %q not run: %s", ex.line, ex.command, why)
			continue
		}
		command := pgRewrite(strings.ReplaceAll(ex.command, "https://example.org/", srv.URL+"/"))
		cmd := exec.Command("bash", "-c", command)
		cmd.Dir, cmd.Env = work, env
		if strings.HasPrefix(command, "go ") {
			cmd.Dir, cmd.Env = repo, append(env, "VIGIL_DB="+filepath.Join(root, "go-run.db"))
		}
		t.Run(fmt.Sprintf("line %d", ex.line), func(t *testing.T) {
			if pgSkip != "" && isPostgresExample(command) {
				t.Skip(pgSkip)
			}
			if ready, ok := foreverCommand(command); ok {
				runUntilReady(t, cmd, ready, strings.HasPrefix(command, "go run "))
				return
			}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("README.md:%d %q failed: %v\n%s", ex.line, ex.command, err, out)
			}
		})
	}
}

// foreverCommand reports whether command runs until interrupted, and what
// it prints once it serves.
func foreverCommand(command string) (string, bool) {
	for _, w := range strings.Fields(command) {
		if ready, ok := readmeForever[w]; ok {
			return ready, true
		}
	}
	return "", false
}

// runUntilReady starts cmd in its own process group, waits until its
// output shows ready, interrupts it (as Ctrl-C does, the whole group) and
// checks that it ends cleanly. With goRun, only the children of the go
// command are interrupted: go run itself answers Ctrl-C with status 1
// whatever the program did, and passes on the program's status otherwise.
func runUntilReady(t *testing.T, cmd *exec.Cmd, ready string, goRun bool) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	seen := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		found := false
		for sc.Scan() {
			if !found && strings.Contains(sc.Text(), ready) {
				found = true
				seen <- true
			}
		}
		if !found {
			seen <- false
		}
	}()
	select {
	case ok := <-seen:
		if !ok {
			cmd.Wait()
			t.Fatalf("%q ended before it served", cmd.Args)
		}
	case <-time.After(2 * time.Minute):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		t.Fatalf("%q did not serve within 2 minutes", cmd.Args)
	}
	if goRun {
		for _, pid := range childProcesses(t, cmd.Process.Pid) {
			syscall.Kill(pid, syscall.SIGINT)
		}
	} else {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%q after SIGINT: %v", cmd.Args, err)
		}
	case <-time.After(30 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		t.Fatalf("%q did not stop within 30 s of SIGINT", cmd.Args)
	}
}

// childProcesses lists the processes whose parent is pid, from Linux's
// /proc/PID/task/TID/children.
func childProcesses(t *testing.T, pid int) []int {
	t.Helper()
	lists, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var pids []int
	for _, l := range lists {
		b, err := os.ReadFile(l)
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				pids = append(pids, n)
			}
		}
	}
	if len(pids) == 0 {
		t.Fatalf("found no child of process %d to interrupt", pid)
	}
	return pids
}
