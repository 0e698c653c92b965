package change

import "fmt"

// DefaultReturns is how many of a page's last distinct states a new
// version is compared with, the previous one included, to tell a return
// from a change: 2 finds a page that went back to the state it had before
// the previous one (A, B, A), the flip-flop seen on real pages.
const DefaultReturns = 2

// maxReturns bounds the states remembered, whatever a page asks for.
const maxReturns = 16

// Recent remembers the visible fingerprints (Document.Visible) of a page's
// last distinct states, newest first, so that a version showing what an
// earlier one showed is told as a return, not as something new. The
// fingerprints depend on what is watched, so Recent also keeps the Watch
// key they were made under and forgets them when it changes. Its zero
// value remembers nothing; its fields are exported so it can be stored.
type Recent struct {
	// Watch is the Watch key the states were fingerprinted under.
	Watch string `json:"watch,omitempty"`
	// States are the fingerprints, newest first, no two neighbours equal.
	States []string `json:"states,omitempty"`
}

// Back returns how many distinct states back the page showed visible
// (2: the state before the previous one), looking n states back, the
// previous one included; 0 when it did not (or the states were made under
// another watch). n ≤ 0 means DefaultReturns; 1 looks at the previous state
// only, so no version is ever a return.
func (r *Recent) Back(visible, watch string, n int) int {
	if n <= 0 {
		n = DefaultReturns
	}
	if visible == "" || watch != r.Watch {
		return 0
	}
	for i, s := range r.States[:min(n, len(r.States))] {
		if i > 0 && s == visible {
			return i + 1
		}
	}
	return 0
}

// MarkReturn marks e as a return to the state back distinct states
// earlier (nothing when back is 0) and says so first in its summary.
func (e *Extents) MarkReturn(back int) {
	if back <= 0 {
		return
	}
	e.Return = back
	e.Summary = fmt.Sprintf("back to the state of %d versions ago, nothing new: %s", back, e.Summary)
}

// Push records that the page now shows visible, under watch, keeping the
// last n states (n ≤ 0: DefaultReturns). A state equal to the newest is
// not pushed again.
func (r *Recent) Push(visible, watch string, n int) {
	if n <= 0 {
		n = DefaultReturns
	}
	n = min(n, maxReturns)
	if watch != r.Watch {
		r.Watch, r.States = watch, nil
	}
	if visible == "" || (len(r.States) > 0 && r.States[0] == visible) {
		return
	}
	r.States = append([]string{visible}, r.States[:min(len(r.States), n-1)]...)
}
