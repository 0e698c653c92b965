package change

import (
	"crypto/sha256"
	"encoding/hex"
)

// VisibleDigest fingerprints what a reader of a page sees: the watched
// text (one line per text block, whitespace collapsed, in page order), the
// link targets and the image sources. Markup, attributes other than href
// and src, scripts, styles and the whitespace between tags do not enter
// it, so a version that differs from the previous one only there (a space
// before a script tag flipping back and forth) has the same fingerprint.
func VisibleDigest(text string, links, images []string) string {
	h := sha256.New()
	h.Write([]byte(text))
	for _, part := range [][]string{links, images} {
		h.Write([]byte{0})
		for _, s := range part {
			h.Write([]byte(s))
			h.Write([]byte{'\n'})
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// SameVisible reports whether old and new show a reader the same page:
// both HTML or text with the same Visible fingerprint. A document without
// one (not HTML or text, or an extract stored before fingerprints) is
// compared by its byte-level digest.
func SameVisible(old, new *Document) bool {
	if old.Measurable() && new.Measurable() && old.Visible != "" && new.Visible != "" {
		return old.Visible == new.Visible
	}
	return old.Digest == new.Digest
}
