package sim

import (
	"fmt"
	"time"
)

// Source is one simulated feed: its ID, the most postings it shows at once
// (0 takes Config.DefaultWindow) and its posting times, sorted ascending.
// Postings before Config.Start are history that the first fetch shows (as
// a live feed shows its latest items when first fetched); postings from
// Config.End on are never seen.
//
// Terms, when set, are each posting's analysed terms (see Analyze): the
// run then keeps channel profiles (Roitman et al. §4.2), measures profile
// quality and can run the content-based policies.
type Source struct {
	ID       string
	Window   int
	Postings []time.Time
	Terms    [][]string
}

// Reader is one user: the weight their reading carries (0 counts as 1), the
// IDs of the sources they follow, the times they read all of them
// (Accesses) and the times they read one of them alone (Looks), each
// sorted ascending. Readers give sources their weights (the sum over their
// readers), feed the user policy's access patterns and define the
// missed-postings metrics (Sia et al. §3.1).
type Reader struct {
	ID       string
	Weight   float64
	Follows  []string
	Accesses []time.Time
	Looks    []Look
}

// Look is one access that concerns one source only (a row of an access
// trace that names its source): it misses that source's postings alone, and
// the user policy learns it as a look at that feed alone.
type Look struct {
	Source string
	Time   time.Time
}

// validateSources checks IDs are unique and non-empty and postings sorted,
// and returns the index of each ID.
func validateSources(srcs []Source) (map[string]int, error) {
	if len(srcs) == 0 {
		return nil, fmt.Errorf("sim: no sources to simulate")
	}
	index := make(map[string]int, len(srcs))
	for i, s := range srcs {
		if s.ID == "" {
			return nil, fmt.Errorf("sim: source %d has an empty ID", i)
		}
		if _, dup := index[s.ID]; dup {
			return nil, fmt.Errorf("sim: source ID %q appears twice", s.ID)
		}
		if s.Window < 0 {
			return nil, fmt.Errorf("sim: source %q has a negative window %d", s.ID, s.Window)
		}
		if !sorted(s.Postings) {
			return nil, fmt.Errorf("sim: postings of source %q are not sorted", s.ID)
		}
		if s.Terms != nil && len(s.Terms) != len(s.Postings) {
			return nil, fmt.Errorf("sim: source %q has terms for %d of its %d postings", s.ID, len(s.Terms), len(s.Postings))
		}
		index[s.ID] = i
	}
	return index, nil
}

// validateReaders checks every reader follows known sources and reads in
// order.
func validateReaders(rs []Reader, index map[string]int) error {
	for i, r := range rs {
		if r.Weight < 0 {
			return fmt.Errorf("sim: reader %d (%q) has a negative weight", i, r.ID)
		}
		for _, f := range r.Follows {
			if _, ok := index[f]; !ok {
				return fmt.Errorf("sim: reader %d (%q) follows unknown source %q", i, r.ID, f)
			}
		}
		if !sorted(r.Accesses) {
			return fmt.Errorf("sim: accesses of reader %d (%q) are not sorted", i, r.ID)
		}
		if err := validateLooks(i, r); err != nil {
			return err
		}
	}
	return nil
}

// validateLooks checks a reader's looks are sorted and concern sources the
// reader follows.
func validateLooks(i int, r Reader) error {
	if len(r.Looks) == 0 {
		return nil
	}
	follows := make(map[string]bool, len(r.Follows))
	for _, f := range r.Follows {
		follows[f] = true
	}
	for j, l := range r.Looks {
		if !follows[l.Source] {
			return fmt.Errorf("sim: reader %d (%q) looks at source %q, which they do not follow", i, r.ID, l.Source)
		}
		if j > 0 && l.Time.Before(r.Looks[j-1].Time) {
			return fmt.Errorf("sim: looks of reader %d (%q) are not sorted", i, r.ID)
		}
	}
	return nil
}

func sorted(ts []time.Time) bool {
	for i := 1; i < len(ts); i++ {
		if ts[i].Before(ts[i-1]) {
			return false
		}
	}
	return true
}

// readerWeight is a reader's weight, 1 when unset.
func readerWeight(r Reader) float64 {
	if r.Weight > 0 {
		return r.Weight
	}
	return 1
}

// sourceWeights is each source's weight: the sum of its readers' weights,
// or 1 for a source nobody follows (and for every source without readers).
func sourceWeights(n int, rs []Reader, index map[string]int) []float64 {
	w := make([]float64, n)
	for _, r := range rs {
		for _, f := range r.Follows {
			w[index[f]] += readerWeight(r)
		}
	}
	for i := range w {
		if w[i] == 0 {
			w[i] = 1
		}
	}
	return w
}
