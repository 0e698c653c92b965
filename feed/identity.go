package feed

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"vigil"
)

// itemKey returns the identity of an item within its feed: its id or guid,
// else its link, else "sha256:" and a digest of its title and its content
// (or summary when it has no content). link must already be resolved; it
// may be a link that is not kept as the item's URL (a relative one with no
// base, or another scheme), since it still identifies the item.
func itemKey(guid, link string, it *vigil.Item) string {
	if guid = strings.TrimSpace(guid); guid != "" {
		return guid
	}
	if link != "" {
		return link
	}
	body := it.Content
	if body == "" {
		body = it.Summary
	}
	sum := sha256.Sum256([]byte(it.Title + "\x00" + body))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// itemHash digests the visible fields of an item (title, link, author,
// summary and content) so that an edit of any of them changes the hash.
// Each field is length-prefixed, so moving text from one field to the next
// also changes it.
func itemHash(it *vigil.Item) string {
	h := sha256.New()
	for _, field := range []string{it.Title, it.URL, it.Author, it.Summary, it.Content} {
		h.Write([]byte(strconv.Itoa(len(field))))
		h.Write([]byte{':'})
		h.Write([]byte(field))
	}
	return hex.EncodeToString(h.Sum(nil))
}
