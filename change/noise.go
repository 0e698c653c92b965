package change

import "sort"

// NoiseStats learns which blocks of a page change at nearly every fetch
// (dates, counters, ad banners, session tokens), beyond Glance et al., who
// show such churn as the weakness of automatic histories (their Fig. 3b).
// Its zero value is empty; its fields are exported so it can be stored.
type NoiseStats struct {
	// Fetches counts the fetches observed, changed or not.
	Fetches int `json:"fetches"`
	// Changed counts, per block (Line.Block), the fetches at which the
	// block's text differed from the previous version.
	Changed map[string]int `json:"changed"`
	// Recent remembers the page's last distinct visible states, to tell
	// a return from a change.
	Recent Recent `json:"recent"`
}

// NoiseOptions says when a block is noise; zero fields take the defaults.
type NoiseOptions struct {
	// Share is the least share of fetches at which a block changed;
	// 0 means 0.8.
	Share float64
	// MinFetches is the least number of fetches observed before any block
	// is called noise; 0 means 5.
	MinFetches int
}

// ObserveUnchanged counts a fetch that found the page unchanged.
func (s *NoiseStats) ObserveUnchanged() {
	s.Fetches++
}

// Observe counts a fetch that found new where old was, and the blocks
// whose text differs between them (ignored and noise lines included, so a
// block stays noise only while it keeps changing).
func (s *NoiseStats) Observe(old, new *Document) {
	s.Fetches++
	if s.Changed == nil {
		s.Changed = map[string]int{}
	}
	a, b := blockTexts(old), blockTexts(new)
	for k, t := range b {
		if a[k] != t {
			s.Changed[k]++
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			s.Changed[k]++
		}
	}
}

// Blocks returns the blocks that are noise under o, sorted; pass them as
// ExtractOptions.Noise.
func (s *NoiseStats) Blocks(o NoiseOptions) []string {
	if o.Share == 0 {
		o.Share = 0.8
	}
	if o.MinFetches == 0 {
		o.MinFetches = 5
	}
	if s.Fetches < o.MinFetches {
		return nil
	}
	var out []string
	for k, n := range s.Changed {
		if float64(n) >= o.Share*float64(s.Fetches) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// blockTexts maps each block of d to its text.
func blockTexts(d *Document) map[string]string {
	m := make(map[string]string)
	for _, l := range d.Lines {
		if l.Kind == TextLine {
			m[l.Block] += l.Text + "\n"
		}
	}
	return m
}
