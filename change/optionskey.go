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
}

// Watch returns what the options watch.
func (o ExtractOptions) Watch() Watch {
	noise := slices.Clone(o.Noise)
	slices.Sort(noise) // learned blocks come in map order
	return Watch{Selector: o.Selector, XPath: o.XPath, JQ: o.JQ, Ignore: slices.Clone(o.Ignore), Noise: noise}
}

// Options returns extract options watching w, resolving against base.
func (w Watch) Options(base string) ExtractOptions {
	return ExtractOptions{Selector: w.Selector, XPath: w.XPath, JQ: w.JQ, Ignore: w.Ignore, Noise: w.Noise, Base: base}
}

// Key fingerprints w; it is empty when the whole page is watched.
func (w Watch) Key() string {
	if w.Selector == "" && w.XPath == "" && w.JQ == "" && len(w.Ignore) == 0 && len(w.Noise) == 0 {
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
	return hex.EncodeToString(h.Sum(nil)[:16])
}
