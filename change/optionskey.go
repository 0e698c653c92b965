package change

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
)

// Key fingerprints what the options watch: the selector, the ignore rules
// and the noise blocks (the base URL and the analyzer only read, they do
// not choose). It is empty when the whole page is watched. Extract stores
// it as Document.Watch, so a caller holding an extract made under other
// settings (the owner set a selector, a block became noise) knows to
// extract the older version again before comparing.
func (o ExtractOptions) Key() string {
	if o.Selector == "" && len(o.Ignore) == 0 && len(o.Noise) == 0 {
		return ""
	}
	noise := slices.Clone(o.Noise)
	slices.Sort(noise) // learned blocks come in map order
	h := sha256.New()
	write := func(tag byte, s string) {
		h.Write([]byte{tag})
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	write('s', o.Selector)
	for _, r := range o.Ignore {
		write('i', r)
	}
	for _, b := range noise {
		write('n', b)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
