package main

import (
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The documents' examples run as chains. A document's examples may use what
// its earlier examples made (users, files, databases), so they run in
// order, one chain per document, except for the long `go test` lines
// (standaloneExample): each builds and runs a package's tests in
// directories of its own and leaves nothing a later line reads, so each is
// a chain of its own. All chains share exampleSlots: as many run at once as
// the machine has CPUs (GOMAXPROCS), the documents' main chains first,
// longest first, so that the longest chain does not start last.

// exampleChain is a run of one document's examples that must run in order.
type exampleChain struct {
	doc      string
	examples []docExample
}

// shellOperator is a pipe, redirection, list or background operator, which
// standaloneExample looks for outside quotes.
var shellOperator = regexp.MustCompile(`[|<>;&]`)

// quoted is a single- or double-quoted shell word.
var quoted = regexp.MustCompile(`'[^']*'|"[^"]*"`)

// standaloneExample reports whether a long example runs apart from the
// rest of its document: a plain `go test` of the repository's packages
// (environment assignments allowed), not `go test -c` or -o (whose output a
// later line runs), with no pipe or redirection (whose file a later line
// might read).
func standaloneExample(ex docExample) bool {
	if !ex.long || !isGoCommand(ex.command) {
		return false
	}
	command := ex.command
	for envAssignment.MatchString(command) {
		command = envAssignment.ReplaceAllString(command, "")
	}
	if !strings.HasPrefix(command, "go test ") || shellOperator.MatchString(quoted.ReplaceAllString(command, "")) {
		return false
	}
	for _, f := range strings.Fields(command) {
		if f == "-c" || f == "-o" || strings.HasPrefix(f, "-o=") {
			return false
		}
	}
	return true
}

// docChains splits a document's examples into its main chain (the
// examples that must run in order, first) and one chain per standalone
// example.
func docChains(doc string, examples []docExample) []exampleChain {
	main := exampleChain{doc: doc}
	var alone []exampleChain
	for _, ex := range examples {
		if standaloneExample(ex) {
			alone = append(alone, exampleChain{doc: doc, examples: []docExample{ex}})
			continue
		}
		main.examples = append(main.examples, ex)
	}
	if len(main.examples) == 0 {
		return alone
	}
	return append([]exampleChain{main}, alone...)
}

// longCount is the number of long examples of a chain, the measure by
// which chainOrder puts the longest chains first.
func (c exampleChain) longCount() int {
	n := 0
	for _, ex := range c.examples {
		if ex.long {
			n++
		}
	}
	return n
}

// chainOrder sorts chains into the order in which they start: chains of
// several examples (the documents' main chains) before single examples,
// more long examples before fewer, then by document and line.
func chainOrder(chains []exampleChain) {
	slices.SortStableFunc(chains, func(a, b exampleChain) int {
		if sa, sb := len(a.examples) == 1, len(b.examples) == 1; sa != sb {
			if sa {
				return 1
			}
			return -1
		}
		if d := b.longCount() - a.longCount(); d != 0 {
			return d
		}
		if a.doc != b.doc {
			return strings.Compare(a.doc, b.doc)
		}
		return a.examples[0].line - b.examples[0].line
	})
}

// exampleSlots lets chains run, at most free at once, strictly in the
// order of their numbers: a chain waits until every chain numbered before
// it has started (or been dropped) and a slot is free.
type exampleSlots struct {
	mu      sync.Mutex
	cond    *sync.Cond
	free    int
	pending map[int]bool // chains not started yet
	started []int        // chains in the order they started
}

// newExampleSlots makes slots for chains 0 to chains-1, free at once; free
// < 1 means GOMAXPROCS.
func newExampleSlots(chains, free int) *exampleSlots {
	if free < 1 {
		free = runtime.GOMAXPROCS(0)
	}
	s := &exampleSlots{free: free, pending: map[int]bool{}}
	s.cond = sync.NewCond(&s.mu)
	for i := range chains {
		s.pending[i] = true
	}
	return s
}

// first returns the lowest number of a chain not yet started.
func (s *exampleSlots) first() int {
	low := -1
	for i := range s.pending {
		if low < 0 || i < low {
			low = i
		}
	}
	return low
}

// acquire waits for chain i's turn and a free slot, and takes the slot.
func (s *exampleSlots) acquire(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.free == 0 || s.first() != i {
		s.cond.Wait()
	}
	delete(s.pending, i)
	s.started = append(s.started, i)
	s.free--
	s.cond.Broadcast()
}

// release frees the slot a chain took.
func (s *exampleSlots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.free++
	s.cond.Broadcast()
}

// drop gives up the turns of chains that will not run (a document that a
// -run pattern left out, or that failed before its chains started).
func (s *exampleSlots) drop(chains []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, i := range chains {
		delete(s.pending, i)
	}
	s.cond.Broadcast()
}

func TestStandaloneExample(t *testing.T) {
	tests := []struct {
		command string
		long    bool
		want    bool
	}{
		{"go test ./monitor -run - -bench Ingest50 -cpu 1", true, true},
		{"VIGIL_REFRESH_FEEDS=5000 go test ./cmd/vigil -run - -bench RefreshMemory/sqlite -benchtime 1x", true, true},
		{"go test ./server/... -run - -bench 'ItemIDs1000|Contents100' -cpu 1", true, true},
		{"go test ./feed -run Conformance -v", false, false},
		{"go test -c -o /tmp/change.test ./change", true, false},
		{"go test ./x -bench . > bench.txt", true, false},
		{"go test ./x -bench . | tee bench.txt", true, false},
		{"go test ./x -bench . && ls", true, false},
		{"go run ./cmd/vigil-load --db /tmp/load.db --clients 1 --duration 10s", true, false},
		{"go build -o /tmp/vigil-refresh ./cmd/vigil", true, false},
		{"vigil sim --trace p.tsv.gz", true, false},
		{"/tmp/change.test -test.run - -test.bench 'Extents/listing$'", true, false},
	}
	for _, tt := range tests {
		if got := standaloneExample(docExample{command: tt.command, long: tt.long}); got != tt.want {
			t.Errorf("standaloneExample(%q, long %v) = %v, want %v", tt.command, tt.long, got, tt.want)
		}
	}
}

func TestDocChains(t *testing.T) {
	ex := func(line int, command string, long bool) docExample {
		return docExample{line: line, command: command, long: long}
	}
	examples := []docExample{
		ex(1, "vigil user add alice", false),
		ex(2, "go test ./plan -run - -bench Place -cpu 1", true),
		ex(3, "vigil trace gen --out p.tsv.gz", true),
		ex(4, "go test ./sim -run - -bench Run -cpu 1", true),
		ex(5, "vigil sim --trace p.tsv.gz", true),
	}
	tests := []struct {
		name     string
		examples []docExample
		want     [][]int // the lines of each chain
	}{
		{"main chain first, in order", examples, [][]int{{1, 3, 5}, {2}, {4}}},
		{"only standalone lines", []docExample{examples[1], examples[3]}, [][]int{{2}, {4}}},
		{"no standalone line", []docExample{examples[0], examples[2]}, [][]int{{1, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]int
			for _, c := range docChains("d.md", tt.examples) {
				var lines []int
				for _, e := range c.examples {
					lines = append(lines, e.line)
				}
				got = append(got, lines)
			}
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("chains %v, want %v", got, tt.want)
			}
		})
	}
}

func TestChainOrder(t *testing.T) {
	chain := func(doc string, lines ...int) exampleChain {
		c := exampleChain{doc: doc}
		for _, l := range lines {
			c.examples = append(c.examples, docExample{line: l, command: "x", long: l > 0})
		}
		return c
	}
	chains := []exampleChain{
		chain("a.md", 7),
		chain("a.md", 1, 2),
		chain("b.md", 3),
		chain("c.md", 4, 5, 6),
		chain("d.md", -1, -2, -3, -4),
	}
	chainOrder(chains)
	var got []string
	for _, c := range chains {
		got = append(got, c.doc)
	}
	// c.md's three long examples first, then a.md's two, then d.md's
	// quick ones; the single examples last, by document.
	want := []string{"c.md", "a.md", "d.md", "a.md", "b.md"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestExampleSlotsStartInOrder(t *testing.T) {
	tests := []struct {
		name    string
		chains  int
		free    int
		dropped []int
	}{
		{"one slot", 6, 1, nil},
		{"two slots", 6, 2, nil},
		{"more slots than chains", 3, 5, nil},
		{"dropped chains", 6, 2, []int{0, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newExampleSlots(tt.chains, tt.free)
			var mu sync.Mutex
			running, most := 0, 0
			var wg sync.WaitGroup
			// Start the goroutines in reverse, so that arrival order
			// cannot pass for the slots' order.
			for i := tt.chains - 1; i >= 0; i-- {
				if slices.Contains(tt.dropped, i) {
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					s.acquire(i)
					mu.Lock()
					running++
					most = max(most, running)
					mu.Unlock()
					time.Sleep(time.Millisecond)
					mu.Lock()
					running--
					mu.Unlock()
					s.release()
				}()
			}
			s.drop(tt.dropped)
			wg.Wait()
			var want []int
			for i := range tt.chains {
				if !slices.Contains(tt.dropped, i) {
					want = append(want, i)
				}
			}
			if !slices.Equal(s.started, want) {
				t.Errorf("started %v, want %v", s.started, want)
			}
			if most > tt.free {
				t.Errorf("%d ran at once, want at most %d", most, tt.free)
			}
		})
	}
}
