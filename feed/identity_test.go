package feed

import (
	"strings"
	"testing"

	"vigil"
)

func TestItemKey(t *testing.T) {
	tests := []struct {
		name string
		guid string
		item vigil.Item
		want string
	}{
		{"guid wins", "  urn:x:1 \n", vigil.Item{URL: "https://e.org/1"}, "urn:x:1"},
		{"link without guid", "", vigil.Item{URL: "https://e.org/1", Title: "t"}, "https://e.org/1"},
		{"blank guid falls back to link", "   ", vigil.Item{URL: "https://e.org/2"}, "https://e.org/2"},
		{"hash of title and content", "", vigil.Item{Title: "T", Content: "C", Summary: "S"}, sha256Key("T\x00C")},
		{"hash of title and summary", "", vigil.Item{Title: "T", Summary: "S"}, sha256Key("T\x00S")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := itemKey(tt.guid, tt.item.URL, &tt.item); got != tt.want {
				t.Errorf("itemKey = %q, want %q", got, tt.want)
			}
		})
	}
}

// sha256Key computes the expected fallback key independently of itemKey.
func sha256Key(s string) string {
	return "sha256:" + hexSHA256(s)
}

func TestItemKeyHashDiffersWithContent(t *testing.T) {
	a := itemKey("", "", &vigil.Item{Title: "T", Content: "one"})
	b := itemKey("", "", &vigil.Item{Title: "T", Content: "two"})
	if a == b || !strings.HasPrefix(a, "sha256:") || len(a) != len("sha256:")+64 {
		t.Errorf("keys %q and %q: want distinct sha256: keys", a, b)
	}
}

func TestItemHash(t *testing.T) {
	base := vigil.Item{Title: "T", URL: "https://e.org/1", Author: "A", Summary: "S", Content: "C"}
	edits := []struct {
		name string
		edit func(*vigil.Item)
	}{
		{"title", func(it *vigil.Item) { it.Title = "T2" }},
		{"link", func(it *vigil.Item) { it.URL = "https://e.org/2" }},
		{"author", func(it *vigil.Item) { it.Author = "B" }},
		{"summary", func(it *vigil.Item) { it.Summary = "S2" }},
		{"content", func(it *vigil.Item) { it.Content = "C2" }},
		{"text moved between fields", func(it *vigil.Item) { it.Summary, it.Content = "SC", "" }},
	}
	h0 := itemHash(&base)
	if len(h0) != 64 {
		t.Fatalf("hash %q: want 64 hex digits", h0)
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			it := base
			e.edit(&it)
			if itemHash(&it) == h0 {
				t.Errorf("editing the %s did not change the hash", e.name)
			}
		})
	}
	same := base
	same.Published = same.Published.AddDate(1, 0, 0)
	same.Key = "other"
	if itemHash(&same) != h0 {
		t.Error("fields outside the visible content changed the hash")
	}
}
