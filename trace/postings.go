package trace

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Posting is one publication of a source.
type Posting struct {
	Time  time.Time // UTC
	Title string    // "" when the trace has no titles
}

// Source is one channel of a posting trace.
type Source struct {
	ID string
	// Window is how many latest postings the source's feed shows (its W);
	// 0 means the simulator's default.
	Window int
	// Postings are sorted by time (ties keep their order in the file).
	Postings []Posting
}

// Postings is a posting trace: every source with its postings.
type Postings struct {
	Sources []Source // sorted by ID
	// Start and End bound the period the trace covers, [Start, End). A read
	// trace covers the whole UTC days from its first posting to its last;
	// a generated one covers the configured days. Both are zero when the
	// trace has no postings.
	Start, End time.Time
}

// Count returns the number of postings of all sources.
func (p *Postings) Count() int {
	n := 0
	for _, s := range p.Sources {
		n += len(s.Postings)
	}
	return n
}

// ReadPostingsFile reads a posting trace from a file, plain or gzip.
func ReadPostingsFile(path string) (*Postings, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trace: unable to open postings: %w", err)
	}
	defer f.Close()
	p, err := ReadPostings(f)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return p, nil
}

// ReadPostings reads a posting trace in the TSV format of FORMAT.md, plain or
// gzip (recognised by its magic bytes): a header naming the columns source
// and time, optionally title and window, in any order; then one row per
// posting, in any order. Blank lines are skipped. A source's window may be
// given on any of its rows, but must not differ between them.
func ReadPostings(r io.Reader) (*Postings, error) {
	t, err := openTable(r, []string{"source", "time"}, []string{"title", "window"})
	if err != nil {
		return nil, err
	}
	index := make(map[string]int)
	var sources []Source
	for t.next() {
		id, window, post, err := postingRow(t)
		if err != nil {
			return nil, t.fail(err)
		}
		i, ok := index[id]
		if !ok {
			i = len(sources)
			index[id] = i
			sources = append(sources, Source{ID: id})
		}
		s := &sources[i]
		if window != 0 {
			if s.Window != 0 && s.Window != window {
				return nil, fmt.Errorf("trace: line %d: source %q has window %d here but %d on an earlier row",
					t.line, id, window, s.Window)
			}
			s.Window = window
		}
		s.Postings = append(s.Postings, post)
	}
	if err := t.err(); err != nil {
		return nil, err
	}
	return newPostings(sources), nil
}

// postingRow parses the current row of a posting trace.
func postingRow(t *table) (string, int, Posting, error) {
	if _, err := t.row(); err != nil {
		return "", 0, Posting{}, err
	}
	id, _ := t.field("source")
	if strings.TrimSpace(id) == "" {
		return "", 0, Posting{}, fmt.Errorf("trace: line %d: empty source", t.line)
	}
	ts, _ := t.field("time")
	at, err := parseTime(ts)
	if err != nil {
		return "", 0, Posting{}, fmt.Errorf("trace: line %d: %w", t.line, err)
	}
	title, _ := t.field("title")
	window := 0
	if w, ok := t.field("window"); ok && strings.TrimSpace(w) != "" {
		window, err = strconv.Atoi(strings.TrimSpace(w))
		if err != nil || window < 1 {
			return "", 0, Posting{}, fmt.Errorf("trace: line %d: window %q is not a positive integer", t.line, w)
		}
	}
	return id, window, Posting{Time: at, Title: title}, nil
}

// newPostings sorts the sources by ID and their postings by time, and sets
// the period to the whole UTC days covered.
func newPostings(sources []Source) *Postings {
	slices.SortFunc(sources, func(a, b Source) int { return strings.Compare(a.ID, b.ID) })
	p := &Postings{Sources: sources}
	var first, last time.Time
	for i := range sources {
		ps := sources[i].Postings
		slices.SortStableFunc(ps, func(a, b Posting) int { return a.Time.Compare(b.Time) })
		if len(ps) == 0 {
			continue
		}
		if first.IsZero() || ps[0].Time.Before(first) {
			first = ps[0].Time
		}
		if ps[len(ps)-1].Time.After(last) {
			last = ps[len(ps)-1].Time
		}
	}
	if !first.IsZero() {
		p.Start, p.End = span(first, last)
	}
	return p
}
