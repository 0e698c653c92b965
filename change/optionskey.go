package change

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
)

// Watch is what of a page a Document was extracted with: ExtractOptions'
// selector, XPath, jq program, ignore rules and noise blocks (noise sorted). Two documents
// measure or show a change faithfully only when their Watch keys are the
// same; a caller holding an extract made under other settings (the owner
// set a selector, a block became noise) extracts the other version again
// with Options.
type Watch struct {
	Selector string   `json:",omitempty"`
	XPath    string   `json:",omitempty"`
	JQ       string   `json:",omitempty"`
	Ignore   []string `json:",omitempty"`
	Noise    []string `json:",omitempty"`
	// Numbers, Values and Params are the other learned noise
	// (ExtractOptions.NoiseNumbers, NoiseValues, NoiseParams), sorted;
	// Trackers is ExtractOptions.Trackers.
	Numbers  []string `json:",omitempty"`
	Values   []string `json:",omitempty"`
	Params   []string `json:",omitempty"`
	Trackers bool     `json:",omitempty"`
}

// Watch returns what the options watch.
func (o ExtractOptions) Watch() Watch {
	return Watch{Selector: o.Selector, XPath: o.XPath, JQ: o.JQ, Ignore: slices.Clone(o.Ignore), Noise: sorted(o.Noise),
		Numbers: sorted(o.NoiseNumbers), Values: sorted(o.NoiseValues), Params: sorted(o.NoiseParams), Trackers: o.Trackers}
}

// sorted returns a sorted copy of list (learned noise comes in map order),
// nil when it is empty.
func sorted(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	s := slices.Clone(list)
	slices.Sort(s)
	return s
}

// Options returns extract options watching w, resolving against base.
func (w Watch) Options(base string) ExtractOptions {
	return ExtractOptions{Selector: w.Selector, XPath: w.XPath, JQ: w.JQ, Ignore: w.Ignore, Noise: w.Noise,
		NoiseNumbers: w.Numbers, NoiseValues: w.Values, NoiseParams: w.Params, Trackers: w.Trackers, Base: base}
}

// Key fingerprints w; it is empty when the whole page is watched.
func (w Watch) Key() string {
	if w.Selector == "" && w.XPath == "" && w.JQ == "" && len(w.Ignore) == 0 && len(w.Noise) == 0 &&
		len(w.Numbers) == 0 && len(w.Values) == 0 && len(w.Params) == 0 && !w.Trackers {
		return ""
	}
	h := sha256.New()
	write := func(tag byte, s string) {
		h.Write([]byte{tag})
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	write('s', w.Selector)
	if w.XPath != "" { // written only when set: older keys stay as they were
		write('x', w.XPath)
	}
	if w.JQ != "" {
		write('q', w.JQ)
	}
	for _, r := range w.Ignore {
		write('i', r)
	}
	for _, b := range w.Noise {
		write('n', b)
	}
	// The learned numbers, values and parameters and the tracker rule
	// are written only when set: older keys stay as they were.
	for _, b := range w.Numbers {
		write('d', b)
	}
	for _, v := range w.Values {
		write('v', v)
	}
	for _, p := range w.Params {
		write('p', p)
	}
	if w.Trackers {
		write('t', "")
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
