package change

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// BlockValue fingerprints the text of one block (its text lines' texts,
// each followed by a newline): what noise learning remembers of the values
// a block takes, and what ExtractOptions.NoiseValues names.
func BlockValue(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// valueKey is how ExtractOptions.NoiseValues names the value v of block.
func valueKey(block, v string) string {
	return block + "\t" + v
}

// splitValueKey returns the block and value of a NoiseValues entry.
func splitValueKey(key string) (block, value string) {
	i := strings.LastIndexByte(key, '\t')
	if i < 0 {
		return key, ""
	}
	return key[:i], key[i+1:]
}

// hideKnownValues marks as noise the text lines of every block that shows
// one of the values it was learned to alternate among
// (ExtractOptions.NoiseValues). A block's text is known only once the
// page is walked, so this runs before the document is finished.
func (w *walker) hideKnownValues() {
	if len(w.x.values) == 0 {
		return
	}
	texts := make(map[string]*strings.Builder)
	for i := range w.lines {
		if l := &w.lines[i]; l.Kind == TextLine {
			if !w.x.valueBlocks[l.Block] {
				continue
			}
			b := texts[l.Block]
			if b == nil {
				b = &strings.Builder{}
				texts[l.Block] = b
			}
			sp := w.spans[i].text
			b.Write(w.tbuf[sp[0]:sp[1]])
			b.WriteByte('\n')
		}
	}
	for i := range w.lines {
		l := &w.lines[i]
		if b := texts[l.Block]; l.Kind == TextLine && b != nil && w.x.values[valueKey(l.Block, BlockValue(b.String()))] {
			l.Noise = true
			w.unwatched = true
		}
	}
}
