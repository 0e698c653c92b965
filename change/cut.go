package change

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// markCut sets Cut and Compared when either version was capped, and then
// takes a change of the bytes that shows nothing in the part compared
// for a visible one: it may lie past the cut, where vigil cannot tell
// markup from text, so it is told and said to be so, never "no change".
func (e *Extents) markCut(old, new *Document) {
	if !old.Capped && !new.Capped {
		return
	}
	e.Cut = true
	e.Compared = comparedBytes(old, new)
	e.Visible = e.Any
}

// onlyPastCut reports whether the change shows nothing in the part of a
// cut page compared: the bytes differ, no extent does.
func (e Extents) onlyPastCut() bool {
	return e.Cut && e.Any && e.Measurable && e.Text == 0 && e.Links == 0 && e.Images == 0 && !e.HeadUpdated
}

// comparedBytes returns the fewer bytes compared of the capped versions
// (0 when a capped version does not say).
func comparedBytes(old, new *Document) int {
	n := -1
	for _, d := range []*Document{old, new} {
		if d.Capped && (n < 0 || d.Compared < n) {
			n = d.Compared
		}
	}
	return max(n, 0)
}

// comparedWords says how much of a cut page was compared: "vigil compared
// the first 4.2 MB of 10.0 MB".
func (e Extents) comparedWords(new *Document) string {
	if e.Compared == 0 {
		return "vigil compared only the first part of the page (it holds more than vigil keeps)"
	}
	return fmt.Sprintf("vigil compared the first %s of %s", megabytes(e.Compared), megabytes(new.Size))
}

// megabytes writes n bytes in MB (10^6 bytes), to a tenth.
func megabytes(n int) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// cutVisible is a cut page's Visible: the fingerprint of the part kept
// and of the whole body's bytes, since past the cut vigil cannot tell a
// change a reader sees from one of markup. So a cut page is the same
// state again (Recent) only when its bytes are the same again.
func cutVisible(kept, body string) string {
	sum := sha256.Sum256([]byte(kept + "\x00" + body))
	return hex.EncodeToString(sum[:16])
}
