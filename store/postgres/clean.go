package postgres

import (
	"strings"

	"vigil"
)

// clean makes s storable as PostgreSQL text, which cannot hold NUL
// characters or invalid UTF-8: NULs are dropped and each run of invalid
// bytes becomes U+FFFD. Valid text without NUL is returned unchanged.
func clean(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// cleanItem cleans every text field of an item.
func cleanItem(it *vigil.Item) {
	for _, p := range []*string{&it.Key, &it.Hash, &it.URL, &it.Title, &it.Author, &it.Summary, &it.Content} {
		*p = clean(*p)
	}
}

// storable reports whether PostgreSQL text holds s as it is, which clean
// would not change.
func storable(s string) bool {
	return clean(s) == s
}

// cleanItems returns a copy of items with every text field cleaned.
func cleanItems(items []vigil.Item) []vigil.Item {
	out := make([]vigil.Item, len(items))
	for i, it := range items {
		cleanItem(&it)
		out[i] = it
	}
	return out
}
