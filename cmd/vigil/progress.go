package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/term"
)

// meter shows how far long work has got (an OPML import, fetch --all, a
// sim report, a migration) as one line redrawn in place on a terminal, and
// writes nothing when its writer is not a terminal, so that pipes and logs
// stay clean. It is safe for concurrent use; a nil *meter does nothing.
type meter struct {
	mu    sync.Mutex
	w     io.Writer
	what  string // e.g. "importing feeds"
	total int    // 0 when unknown
	done  int
}

// newMeter returns a meter of total steps of what on w, or nil when w is
// not a terminal.
func newMeter(w io.Writer, what string, total int) *meter {
	if !isTerminal(w) {
		return nil
	}
	return &meter{w: w, what: what, total: total}
}

// isTerminal reports whether w writes to a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// step records one more step done, with a note on what it was.
func (m *meter) step(note string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done++
	m.draw(note)
}

// set records done steps of total, for work that counts its own.
func (m *meter) set(done, total int, note string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done, m.total = done, total
	m.draw(note)
}

// above runs print, which writes lines of its own, with the meter's line
// cleared before and drawn again after, so that the lines stay whole.
func (m *meter) above(print func()) {
	if m == nil {
		print()
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprint(m.w, "\r\033[K")
	print()
	m.draw("")
}

// finish ends the line, so that what is printed next starts on its own.
func (m *meter) finish() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprint(m.w, "\r\033[K")
}

// barWidth is the number of cells of the bar.
const barWidth = 30

// draw redraws the line: a bar when the total is known, else a count.
func (m *meter) draw(note string) {
	if r := []rune(note); len(r) > 50 {
		note = string(r[:47]) + "..."
	}
	if m.total <= 0 {
		fmt.Fprintf(m.w, "\r\033[K%s: %d %s", m.what, m.done, note)
		return
	}
	n := min(m.done, m.total) * barWidth / m.total
	fmt.Fprintf(m.w, "\r\033[K%s [%s%s] %d/%d %s", m.what, strings.Repeat("#", n), strings.Repeat(".", barWidth-n), m.done, m.total, note)
}
