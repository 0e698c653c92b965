package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vigil/internal/benchsize"
	"vigil/internal/longtest"
)

// The command examples of the documentation (README.md and docs/*.md;
// docs/results/ is generated and left out) are tested as follows.
//
//   - A ```sh block holds quick examples: every line runs in every pass of
//     `go test` (not with -short), in order, each as its own subtest.
//   - A ```sh long block holds slow examples (simulations, benchmarks,
//     browser and fuzz runs, anything over a few seconds): they run only
//     when VIGIL_LONG_TESTS is set (internal/longtest; .ci/run sets it for
//     its second pass), and are reported as skipped otherwise. In that pass
//     a benchmark's -benchtime is cut to 1x and its data made small
//     (internal/benchsize), a fuzz run's -fuzztime to 500 executions, and a vigil-load
//     run's --duration to 1s and its store to 10,000 items: the test
//     shows that the command runs, not the figure it measures.
//   - Any other block whose info string starts like a shell's (```shell,
//     ```bash, ```sh slow, ...) fails the test, so that no example can drop
//     out of it by a typo; blocks of other kinds (```text, plain ```) are
//     not commands.
//   - A line ending in a backslash continues on the next; a trailing
//     " # comment" is dropped.
//   - The few lines that cannot run here are listed, each with its reason,
//     in docNotRun; an entry that no document holds any more fails the test.
//   - A long go command (a benchmark) that two documents hold runs once, at
//     its first place.
//
// Each document runs in a fresh temporary directory of its own (so it must
// create the users and files its examples use), beside a link to the
// shared directory ($VIGIL_SHARED, else ../shared beside the repository),
// with feed.xml and feeds.opml in it. Its examples run in order, except
// its long `go test` lines, which depend on none of them and run apart,
// beside the rest (readme_chains_test.go). Each example logs its wall and
// CPU time, and the test each document's total at its end (go test -v).

// docExample is one command line of a document's ```sh or ```sh long block.
type docExample struct {
	line    int
	command string
	long    bool
}

// exampleComment is a trailing shell comment of an example line.
var exampleComment = regexp.MustCompile(`\s+#\s.*$`)

// parseDocExamples returns the command lines of a document's ```sh and
// ```sh long blocks, without their trailing comments, continuation lines
// joined. It fails on a block whose kind looks like a shell's but is
// neither, and on a block left open.
func parseDocExamples(text string) ([]docExample, error) {
	var out []docExample
	inBlock, run, long, open := false, false, false, 0
	pending := ""
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			if inBlock {
				inBlock = false
				continue
			}
			kind := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "```"))
			inBlock, open = true, i+1
			var err error
			run, long, err = blockKind(kind)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			continue
		}
		if !inBlock || !run || strings.TrimSpace(l) == "" {
			continue
		}
		if pending == "" {
			open = i + 1
		}
		if cont, ok := strings.CutSuffix(strings.TrimRight(l, " "), `\`); ok {
			pending += strings.TrimSpace(cont) + " "
			continue
		}
		command := strings.TrimSpace(exampleComment.ReplaceAllString(pending+strings.TrimSpace(l), ""))
		pending = ""
		if command != "" && !strings.HasPrefix(command, "#") {
			out = append(out, docExample{line: open, command: command, long: long})
		}
	}
	if inBlock {
		return nil, fmt.Errorf("line %d: a block is never closed", open)
	}
	return out, nil
}

// blockKind reads a fence's info string: whether its lines run, and
// whether only in the long pass.
func blockKind(kind string) (run, long bool, err error) {
	switch kind {
	case "sh":
		return true, false, nil
	case "sh long":
		return true, true, nil
	}
	for _, shell := range []string{"sh", "bash", "shell", "console", "zsh"} {
		if strings.HasPrefix(strings.ToLower(kind), shell) {
			return false, false, fmt.Errorf("block ```%s: write ```sh (quick) or ```sh long (slow), or ```text for what is not run", kind)
		}
	}
	return false, false, nil
}

// docNotRun are the example lines this test does not run, and why.
var docNotRun = map[string]string{
	"go test ./...": "runs the whole suite, this test included",
	"go test ./cmd/vigil -run '^$' -bench ProfilerCatchUp -benchtime 1x -timeout 60m": "the whole catch-up of 100,000 items takes up to 20 minutes; " +
		"the documents' quick variant (VIGIL_PROFILER_FEEDS, VIGIL_PROFILER_ITEMS) runs instead",
	"go test ./cmd/vigil -run - -bench 'Load/latency=50ms' -benchtime 1x -cpu 1": "about 10 minutes of fetches held 50 ms each; latency=0s runs",
	"vigil trace gen --sources 10000 --days 90 --out p.tsv.gz":                   "only the input of the full report below, which is not run",
	"go run ./cmd/vigil-load --db 'postgres://postgres@127.0.0.1:5432/vigil?search_path=items1m' --items 1000000 --duration 1s --clients 1": "fills 1,000,000 items: " +
		"18 minutes; the 100,000-item fills of the same section run",
	"psql postgres://postgres@127.0.0.1:5432/vigil -c 'ANALYZE items1m.items, items1m.feeds, items1m.subscriptions, items1m.item_states'": "analyses the 1,000,000 items the fill above (not run) stores",
	"go run ./cmd/vigil-load --db 'postgres://postgres@127.0.0.1:5432/vigil?search_path=items1m' --clients 20 --duration 15s":             "would fill the 1,000,000 items first, the fill above not being run",
	"go run ./cmd/vigil-load refresh --vigil /tmp/vigil-refresh --peer-miniflux /tmp/miniflux --feeds 1000 --runs 3": "needs a Miniflux binary the reader built, " +
		"and half an hour; the same command without Miniflux, on fewer feeds, runs",
	"go run ./cmd/vigil-load refresh --vigil /tmp/vigil-refresh --peer-miniflux /tmp/miniflux --feeds 5000 --runs 3": "needs a Miniflux binary the reader built, " +
		"and over half an hour; the same command without Miniflux, on fewer feeds, runs",
	"/usr/bin/time -v vigil sim report --trace p.tsv.gz --budgets 0.5,1,2,4 --out rep --jobs 2": "a 72-run report over 10,000 sources: 6 minutes on both cores, 3 GB; " +
		"the simulator's examples run smaller reports",
	"vigil sim report --profiles --trace ../shared/traces/reddit-2013q3.tsv.gz --out docs/results/reddit-2013q3-profiles --jobs 2": "the profile sweep over reddit's 470 k titles; " +
		"the simulator's examples run one on a small trace",
}

// docForever are the commands that run until interrupted, with what they
// print once they serve: they are started, awaited and stopped with
// SIGINT, which must end them cleanly.
var docForever = map[string]string{
	"serve":  "vigil serving http://",
	"worker": "fetching for",
	"demo":   "open http://",
}

// benchtime is a benchmark's -benchtime (or -test.benchtime) flag.
var benchtime = regexp.MustCompile(`(-(?:test\.)?benchtime)[ =]\S+`)

// fuzztime is a fuzz run's -fuzztime (or -test.fuzztime) flag.
var fuzztime = regexp.MustCompile(`(-(?:test\.)?fuzztime)[ =]\S+`)

// shortBenchmarks cuts the -benchtime of every benchmark in command to one
// iteration, and gives one to a `go test -bench` that names none; it cuts
// a fuzz run's -fuzztime to 500 executions: a count, since a duration
// races its own deadline in Go 1.26's fuzzing coordinator and can fail a
// run that found nothing on a loaded machine (golang/go#75804, fixed in
// Go 1.27).
func shortBenchmarks(command string) string {
	command = fuzztime.ReplaceAllString(command, "${1} 500x")
	if benchtime.MatchString(command) {
		return benchtime.ReplaceAllString(command, "${1} 1x")
	}
	if strings.HasPrefix(command, "go test ") && strings.Contains(command, " -bench") {
		return "go test -benchtime 1x " + strings.TrimPrefix(command, "go test ")
	}
	return command
}

// loadDuration is the --duration flag of a vigil-load run.
var loadDuration = regexp.MustCompile(`(--duration)[ =]\S+`)

// loadItems and loadFeedCount are the --items and --feeds flags of a
// vigil-load run.
var (
	loadItems     = regexp.MustCompile(`--items[ =](\d+)`)
	loadFeedCount = regexp.MustCompile(`--feeds[ =](\d+)`)
	loadFile      = regexp.MustCompile(`--db[ =]([^\s'"]+)`)
)

// shortLoadItems is the most items a vigil-load run of the documents'
// test fills its store with.
const shortLoadItems = 10000

// shortLoadRuns cuts the --duration of a vigil-load run (cmd/vigil-load,
// whose clients run for that long on every core) to one second, and the
// store it fills to shortLoadItems items (its default is a million), its
// feeds in the same proportion: like a benchmark's one iteration, it shows
// that the command runs, not the figure it measures. A SQLite store (a
// --db that is not a URL) is moved into dir, so that the small store is
// never left where a reader's own run of the command would reuse it, nor
// a reader's full one reused here. A run of `vigil-load refresh` keeps
// its feeds.
func shortLoadRuns(command, dir string) string {
	if !strings.Contains(command, "vigil-load") {
		return command
	}
	command = loadDuration.ReplaceAllString(command, "${1} 1s")
	if strings.Contains(command, "vigil-load refresh") {
		return command
	}
	command = loadFile.ReplaceAllStringFunc(command, func(flag string) string {
		file := loadFile.FindStringSubmatch(flag)[1]
		if strings.Contains(file, "://") {
			return flag
		}
		return "--db " + filepath.Join(dir, filepath.Base(file))
	})
	m := loadItems.FindStringSubmatch(command)
	if m == nil {
		return strings.Replace(command, "vigil-load", fmt.Sprintf("vigil-load --items %d", shortLoadItems), 1)
	}
	items, _ := strconv.Atoi(m[1])
	if items <= shortLoadItems {
		return command
	}
	command = loadItems.ReplaceAllString(command, fmt.Sprintf("--items %d", shortLoadItems))
	return loadFeedCount.ReplaceAllStringFunc(command, func(flag string) string {
		feeds, _ := strconv.Atoi(loadFeedCount.FindStringSubmatch(flag)[1])
		return fmt.Sprintf("--feeds %d", max(1, feeds*shortLoadItems/items))
	})
}

// docFiles lists the documents whose examples run: README.md and
// docs/*.md (not docs/results/, which is generated).
func docFiles(t *testing.T, repo string) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 8 {
		t.Fatalf("found %d documents in docs/: is the guide there?", len(docs))
	}
	return append([]string{filepath.Join(repo, "README.md")}, docs...)
}

// TestReadmeExamples runs every command line of the documents' ```sh
// blocks, and with VIGIL_LONG_TESTS those of their ```sh long blocks, as
// written, in order, with bash, the vigil binary first on PATH (see the
// rules at the top of this file). What it adds around them:
// https://example.org/ URLs point to a loopback feed server, with
// VIGIL_ALLOW_PRIVATE=true and VIGIL_HOST_GAP=0 so that vigil may fetch it
// at once; VIGIL_ADDR=127.0.0.1:0 so that servers take a free port; lines
// starting with "go" run in the repository with VIGIL_DB in the temporary
// directory (a database of their own), GOBIN there too and their relative
// -o paths moved there (outputsIn), so that neither the tree nor GOPATH is
// written;
// the PostgreSQL examples get a database of their own (readmePostgresDB).
// Lines starting with "go" may set environment variables first.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the documentation's examples")
	}
	t.Parallel() // processes in directories and databases of their own
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
	t.Cleanup(srv.Close) // after the documents, which run in parallel
	seen := &docsSeen{notRun: map[string]bool{}, benchRun: map[string]string{}}
	docs := docFiles(t, repo)
	t.Cleanup(func() { seen.checkNotRun(t, len(docs)) })
	t.Cleanup(func() { seen.logCost(t) })
	examples := map[string][]docExample{}
	var chains []exampleChain
	for _, path := range docs {
		name, _ := filepath.Rel(repo, path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if examples[name], err = parseDocExamples(string(b)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		chains = append(chains, docChains(name, examples[name])...)
	}
	chainOrder(chains)
	slots := newExampleSlots(len(chains), 0)
	numbers := map[string][]int{} // each document's chains by number
	for i, c := range chains {
		numbers[c.doc] = append(numbers[c.doc], i)
	}
	var wg sync.WaitGroup
	for _, path := range docs {
		name, _ := filepath.Rel(repo, path)
		var mine []exampleChain
		for _, i := range numbers[name] {
			mine = append(mine, chains[i])
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer slots.drop(numbers[name]) // those a -run left out or a failure never started
			t.Run(name, func(t *testing.T) {
				seen.started()
				d := docRun{repo: repo, name: name, feedURL: srv.URL, seen: seen, slots: slots}
				d.runDocExamples(t, examples[name], mine, numbers[name])
			})
		}()
	}
	wg.Wait()
}

// docsSeen is what the documents' runs, in parallel, note for each other:
// how many ran, the docNotRun lines they met, and the long go commands
// run already (with where).
type docsSeen struct {
	mu       sync.Mutex
	ran      int
	notRun   map[string]bool
	benchRun map[string]string
	costs    map[string]*docCost
}

// docCost is what a document's examples cost in all.
type docCost struct {
	examples  int
	wall, cpu time.Duration
}

// cost adds an example's wall and CPU time to its document's.
func (d *docsSeen) cost(doc string, wall, cpu time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.costs == nil {
		d.costs = map[string]*docCost{}
	}
	c := d.costs[doc]
	if c == nil {
		c = &docCost{}
		d.costs[doc] = c
	}
	c.examples++
	c.wall += wall
	c.cpu += cpu
}

// logCost logs what each document's examples cost, the dearest first,
// and the total.
func (d *docsSeen) logCost(t *testing.T) {
	d.mu.Lock()
	defer d.mu.Unlock()
	docs := slices.SortedFunc(maps.Keys(d.costs), func(a, b string) int { return cmp.Compare(d.costs[b].cpu, d.costs[a].cpu) })
	var all docCost
	for _, doc := range docs {
		c := d.costs[doc]
		t.Logf("%s: %d examples, %.0f s wall, %.0f s CPU", doc, c.examples, c.wall.Seconds(), c.cpu.Seconds())
		all.examples += c.examples
		all.wall += c.wall
		all.cpu += c.cpu
	}
	t.Logf("all documents: %d examples, %.0f s wall, %.0f s CPU", all.examples, all.wall.Seconds(), all.cpu.Seconds())
}

// started counts a document whose examples run.
func (d *docsSeen) started() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ran++
}

// skipNotRun reports whether command is one of docNotRun's, noting it.
func (d *docsSeen) skipNotRun(command string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := docNotRun[command]
	if ok {
		d.notRun[command] = true
	}
	return ok
}

// claimBench reports where a long go command already ran, or claims it
// for where and returns "".
func (d *docsSeen) claimBench(command, where string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if ran, ok := d.benchRun[command]; ok {
		return ran
	}
	d.benchRun[command] = where
	return ""
}

// checkNotRun fails t for every docNotRun line no document holds any
// more, when all of the docs documents ran (a -run that chose some cannot
// tell).
func (d *docsSeen) checkNotRun(t *testing.T, docs int) {
	if d.ran < docs {
		return
	}
	for command := range docNotRun {
		if !d.notRun[command] {
			t.Errorf("docNotRun lists %q, which no document holds any more", command)
		}
	}
}

// docRun is what the examples of one document share.
type docRun struct {
	repo, name, feedURL string
	seen                *docsSeen
	slots               *exampleSlots
	root, work          string
	env                 []string
	pgRewrite           func(string) string
	pgSkip              string
}

// runDocExamples runs the examples of one document in a fresh directory, as chains
// (docChains) that each wait for their turn in d.slots. A long go command
// that another document ran already (seen.claimBench) is not run again:
// it depends on no document's state.
func (d *docRun) runDocExamples(t *testing.T, examples []docExample, chains []exampleChain, numbers []int) {
	if d.name == "README.md" {
		checkReadmeOpening(t, examples)
	}
	d.root, d.work = docWorkDir(t, d.repo)
	d.env = append(os.Environ(), "PATH="+filepath.Dir(vigilBin)+":"+os.Getenv("PATH"), "VIGIL_DB=",
		"VIGIL_ALLOW_PRIVATE=true", "VIGIL_HOST_GAP=0", "VIGIL_ADDR=127.0.0.1:0",
		benchsize.Env+"=1") // benchmarks build small data: only the command is checked
	d.pgRewrite = func(s string) string { return s }
	for _, ex := range examples {
		if isPostgresExample(ex.command) && (!ex.long || longtest.Enabled()) {
			d.pgRewrite, d.pgSkip = readmePostgresDB(t)
			break
		}
	}
	var wg sync.WaitGroup
	for k, c := range chains {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.slots.acquire(numbers[k])
			defer d.slots.release()
			for _, ex := range c.examples {
				d.runDocExample(t, ex)
			}
		}()
	}
	wg.Wait()
}

// runDocExample runs one example as a subtest named after its line, and logs
// what it cost: wall time, and the CPU time of the command and all it
// waited for.
func (d *docRun) runDocExample(t *testing.T, ex docExample) {
	name := d.name
	if d.seen.skipNotRun(ex.command) {
		why := docNotRun[ex.command]
		t.Logf("%s:%d %q not run: %s", name, ex.line, ex.command, why)
		return
	}
	command := d.pgRewrite(strings.ReplaceAll(ex.command, "https://example.org/", d.feedURL+"/"))
	if ex.long {
		command = shortLoadRuns(shortBenchmarks(command), d.work)
	}
	where := fmt.Sprintf("%s:%d", name, ex.line)
	if ex.long && isGoCommand(ex.command) && longtest.Enabled() {
		if ran := d.seen.claimBench(ex.command, where); ran != "" {
			t.Logf("%s %q ran already at %s", where, ex.command, ran)
			return
		}
	}
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir, cmd.Env = d.work, d.env
	if isGoCommand(command) {
		command = outputsIn(command, d.root)
		cmd = exec.Command("bash", "-c", command)
		cmd.Dir, cmd.Env = d.repo, append(d.env, "VIGIL_DB="+filepath.Join(d.root, "go-run.db"), "GOBIN="+filepath.Join(d.root, "bin"))
	}
	t.Run(fmt.Sprintf("line %d", ex.line), func(t *testing.T) {
		if ex.long {
			longtest.Need(t)
		}
		if d.pgSkip != "" && isPostgresExample(command) {
			t.Skip(d.pgSkip)
		}
		start := time.Now()
		defer func() {
			if cmd.ProcessState != nil {
				wall, cpu := time.Since(start), cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()
				d.seen.cost(name, wall, cpu)
				t.Logf("%s took %.1f s wall, %.1f s CPU", where, wall.Seconds(), cpu.Seconds())
			}
		}()
		if ready, ok := foreverCommand(command); ok {
			runUntilReady(t, cmd, ready, strings.HasPrefix(command, "go run "))
			return
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			if valgrindCannotRun(command, out) {
				t.Skipf("%s:%d %q: valgrind cannot decode this CPU's instructions (Go's runtime reads the clock with RDTSCP where the CPU offers it); the document's instruction counts come from a machine where it can", name, ex.line, ex.command)
			}
			t.Fatalf("%s:%d %q failed: %v\n%s", name, ex.line, ex.command, err, out)
		}
	})
}

// valgrindCannotRun reports whether a valgrind example failed because
// valgrind does not know an instruction the host CPU led the program to
// use, a limit of the tool on that machine rather than of the example.
func valgrindCannotRun(command string, out []byte) bool {
	return strings.Contains(command, "valgrind ") && bytes.Contains(out, []byte("valgrind: Unrecognised instruction"))
}

// envAssignment is a NAME=value before a command.
var envAssignment = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=\S*\s+`)

// isGoCommand reports whether command runs the go tool, after any
// environment assignments: such lines run in the repository.
func isGoCommand(command string) bool {
	for envAssignment.MatchString(command) {
		command = envAssignment.ReplaceAllString(command, "")
	}
	return strings.HasPrefix(command, "go ")
}

// relativeOutput is a -o flag naming a relative path.
var relativeOutput = regexp.MustCompile(`(^|\s)-o\s+([^/\s-]\S*)`)

// outputsIn rewrites a go command's relative -o paths into dir, so that
// examples such as `go build -o vigil ./cmd/vigil`, which run in the
// repository, do not write into the tree.
func outputsIn(command, dir string) string {
	return relativeOutput.ReplaceAllString(command, "${1}-o "+dir+"/${2}")
}

// readmeOpening is what README.md opens with: the two commands a newcomer
// needs on a fresh machine.
var readmeOpening = []string{"go run ./cmd/vigil serve --user alice", "go test ./..."}

// checkReadmeOpening fails unless README.md's first examples are
// readmeOpening, both quick.
func checkReadmeOpening(t *testing.T, examples []docExample) {
	t.Helper()
	if len(examples) < len(readmeOpening)+8 {
		t.Fatalf("found %d examples in README.md: are the ```sh blocks there?", len(examples))
	}
	for i, want := range readmeOpening {
		if ex := examples[i]; ex.command != want || ex.long {
			t.Errorf("README.md example %d is %q (long %v), want the quick %q", i+1, ex.command, ex.long, want)
		}
	}
}

// docWorkDir makes a document's temporary directory: root holds a link to
// the shared directory ($VIGIL_SHARED, else ../shared beside the
// repository), so that ../shared/... paths work from work, and work, where
// the examples run, holds feed.xml and feeds.opml.
func docWorkDir(t *testing.T, repo string) (root, work string) {
	t.Helper()
	root = t.TempDir()
	shared := os.Getenv("VIGIL_SHARED")
	if shared == "" {
		shared = filepath.Join(repo, "..", "shared")
	}
	if err := os.Symlink(shared, filepath.Join(root, "shared")); err != nil {
		t.Fatal(err)
	}
	work = filepath.Join(root, "work")
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
	return root, work
}

// foreverCommand reports whether command runs until interrupted, and what
// it prints once it serves.
func foreverCommand(command string) (string, bool) {
	for _, w := range strings.Fields(command) {
		if ready, ok := docForever[w]; ok {
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

func TestParseDocExamples(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []docExample
		wantErr string
	}{
		{"quick and long", "x\n```sh\nvigil version   # the build\n\n```\n```sh long\nvigil sim --trace p.tsv.gz\n```\n",
			[]docExample{{3, "vigil version", false}, {7, "vigil sim --trace p.tsv.gz", true}}, ""},
		{"other blocks are not commands", "```text\nvigil nothing\n```\n```\nvigil none\n```\n```json\n{}\n```\n", nil, ""},
		{"continuation lines", "```sh\nvigil sim \\\n  --trace p.tsv.gz\n```\n",
			[]docExample{{2, "vigil sim --trace p.tsv.gz", false}}, ""},
		{"comment lines", "```sh\n# set-up\nvigil version\n```\n", []docExample{{3, "vigil version", false}}, ""},
		{"a misspelt long block", "```sh slow\nvigil sim\n```\n", nil, "line 1"},
		{"a bash block", "```bash\nvigil version\n```\n", nil, "```bash"},
		{"a capital block", "```Sh\nvigil version\n```\n", nil, "```Sh"},
		{"an open block", "```sh\nvigil version\n", nil, "never closed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseDocExamples(tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestIsGoCommand(t *testing.T) {
	tests := []struct {
		command string
		want    bool
	}{
		{"go test ./feed", true},
		{"VIGIL_PROFILER_FEEDS=200 VIGIL_PROFILER_ITEMS=2000 go test ./cmd/vigil", true},
		{"vigil version", false},
		{"GOGC=400 vigil serve", false},
		{"gofmt -l .", false},
	}
	for _, tt := range tests {
		if got := isGoCommand(tt.command); got != tt.want {
			t.Errorf("isGoCommand(%q) = %v, want %v", tt.command, got, tt.want)
		}
	}
}

func TestOutputsIn(t *testing.T) {
	tests := []struct{ in, want string }{
		{"go build -o vigil ./cmd/vigil", "go build -o /t/vigil ./cmd/vigil"},
		{"go test -c -o /tmp/change.test ./change", "go test -c -o /tmp/change.test ./change"},
		{"go install ./cmd/vigil", "go install ./cmd/vigil"},
		{"go build -o bin/vigil ./cmd/vigil && ls", "go build -o /t/bin/vigil ./cmd/vigil && ls"},
	}
	for _, tt := range tests {
		if got := outputsIn(tt.in, "/t"); got != tt.want {
			t.Errorf("outputsIn(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortLoadRuns(t *testing.T) {
	tests := []struct{ in, want string }{
		{"go run ./cmd/vigil-load --db /tmp/load.db --clients 20 --duration 15s", "go run ./cmd/vigil-load --items 10000 --db /w/load.db --clients 20 --duration 1s"},
		{"go run ./cmd/vigil-load --db /tmp/load.db --clients 20 --duration 10s --think 50ms", "go run ./cmd/vigil-load --items 10000 --db /w/load.db --clients 20 --duration 1s --think 50ms"},
		{"go run ./cmd/vigil-load --db x.db --duration=2m", "go run ./cmd/vigil-load --items 10000 --db /w/x.db --duration 1s"},
		{"go run ./cmd/vigil-load --db r.db --api reader --items 100000 --feeds 5000 --duration 10s", "go run ./cmd/vigil-load --db /w/r.db --api reader --items 10000 --feeds 500 --duration 1s"},
		{"go run ./cmd/vigil-load --db=r.db --items=2000 --feeds=100 --other-feeds 0", "go run ./cmd/vigil-load --db /w/r.db --items=2000 --feeds=100 --other-feeds 0"},
		{"go run ./cmd/vigil-load --db 'postgres://postgres@127.0.0.1:5432/vigil?search_path=l' --duration 10s && echo done", "go run ./cmd/vigil-load --items 10000 --db 'postgres://postgres@127.0.0.1:5432/vigil?search_path=l' --duration 1s && echo done"},
		{"go run ./cmd/vigil-load refresh --vigil /tmp/v --feeds 100 --runs 1", "go run ./cmd/vigil-load refresh --vigil /tmp/v --feeds 100 --runs 1"},
		{"vigil sim --trace p.tsv.gz --duration 15s", "vigil sim --trace p.tsv.gz --duration 15s"},
	}
	for _, tt := range tests {
		if got := shortLoadRuns(tt.in, "/w"); got != tt.want {
			t.Errorf("shortLoadRuns(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortBenchmarks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"go test ./plan -run - -bench Place -cpu 1", "go test -benchtime 1x ./plan -run - -bench Place -cpu 1"},
		{"go test ./sim -run - -bench 'Run$' -benchtime 3x -cpu 1", "go test ./sim -run - -bench 'Run$' -benchtime 1x -cpu 1"},
		{"go test ./x -bench . -benchtime=3s", "go test ./x -bench . -benchtime 1x"},
		{"/tmp/c.test -test.bench 'E$' -test.benchtime 101x", "/tmp/c.test -test.bench 'E$' -test.benchtime 1x"},
		{"vigil sim --trace p.tsv.gz", "vigil sim --trace p.tsv.gz"},
		{"go test ./webcheck -count=1", "go test ./webcheck -count=1"},
		{"go test -run='^$' -fuzz='^FuzzParse$' -fuzztime=20s ./feed", "go test -run='^$' -fuzz='^FuzzParse$' -fuzztime 500x ./feed"},
	}
	for _, tt := range tests {
		if got := shortBenchmarks(tt.in); got != tt.want {
			t.Errorf("shortBenchmarks(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCLIReferenceCoversEveryCommand requires docs/cli.md to have a section
// for every command `vigil help` lists.
func TestCLIReferenceCoversEveryCommand(t *testing.T) {
	out, err := exec.Command(vigilBin, "help").CombinedOutput()
	if err != nil {
		t.Fatalf("vigil help: %v\n%s", err, out)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	command := regexp.MustCompile(`(?m)^  ([a-z]+)\s`)
	found := command.FindAllStringSubmatch(string(out), -1)
	if len(found) < 10 {
		t.Fatalf("found %d commands in vigil help:\n%s", len(found), out)
	}
	for _, m := range found {
		if !strings.Contains(string(doc), "\n## vigil "+m[1]+"\n") {
			t.Errorf("docs/cli.md has no section \"## vigil %s\"", m[1])
		}
	}
}
