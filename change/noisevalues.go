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
	recs := w.b.recs
	names := make([]string, len(recs))
	texts := make(map[string]*strings.Builder)
	for i, r := range recs {
		if r.kind() != TextLine {
			continue
		}
		tr := w.b.blocks[r.textIndex()]
		w.name = w.b.appendBlock(w.name[:0], tr)
		if !w.x.valueBlocks[string(w.name)] {
			continue
		}
		names[i] = string(w.name)
		b := texts[names[i]]
		if b == nil {
			b = &strings.Builder{}
			texts[names[i]] = b
		}
		b.Write(w.b.texts[r.at : r.at+tr.n])
		b.WriteByte('\n')
	}
	for i := range recs {
		if b := texts[names[i]]; names[i] != "" && w.x.values[valueKey(names[i], BlockValue(b.String()))] {
			recs[i].meta |= uint32(flagNoise) << 2
			w.unwatched = true
		}
	}
}
