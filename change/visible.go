package change

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
)

// VisibleDigest fingerprints what a reader of a page sees, as the change
// measures see it (Glance et al. §2.2): the inverted index of the watched
// text (each lower-cased word and its count), the link targets and the
// image sources. Markup, attributes other than href and src, scripts,
// styles, whitespace, punctuation, letter case and the order of the words
// do not enter it, so a version that differs from the previous one only
// there (a space before a script tag flipping back and forth, a quote mark
// garbled by a wrong encoding, the same headlines re-sorted) has the same
// fingerprint, and every change it lets through has a text, link or image
// extent above zero.
func VisibleDigest(words map[string]int, links, images []string) string {
	h := sha256.New()
	keys := make([]string, 0, len(words))
	for w := range words {
		keys = append(keys, w)
	}
	slices.Sort(keys)
	var buf []byte
	for _, w := range keys {
		buf = append(strconv.AppendInt(append(append(buf[:0], w...), ' '), int64(words[w]), 10), '\n')
		h.Write(buf)
	}
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
