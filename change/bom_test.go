package change

import (
	"slices"
	"testing"
)

// TestExtractUTF8BOM checks that a body starting with a UTF-8 byte order
// mark is sniffed by what follows the mark, decoded as UTF-8 whatever the
// Content-Type says, and that the mark is never text.
func TestExtractUTF8BOM(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	tests := []struct {
		name, body, contentType, wantType, wantText string
	}{
		{"html sniffed", bom + `<!DOCTYPE html><html><body><p>Café</p><a href="/a">A</a></body></html>`, "", TypeHTML, "Café\nA\n"},
		{"html declared latin-1", bom + `<html><body><p>Café</p></body></html>`, "text/html; charset=iso-8859-1", TypeHTML, "Café\n"},
		{"plain text", bom + "Café\nbar\n", "text/plain", TypeText, "Café\nbar\n"},
		{"no mark", `<!DOCTYPE html><p>Café</p>`, "", TypeHTML, "Café\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.body, tt.contentType, ExtractOptions{})
			if d.Type != tt.wantType || d.Text != tt.wantText {
				t.Errorf("type %q text %q, want %q %q", d.Type, d.Text, tt.wantType, tt.wantText)
			}
			if tt.wantType == TypeHTML && tt.name == "html sniffed" && !slices.Equal(d.Links, []string{"/a"}) {
				t.Errorf("links %v, want [/a]", d.Links)
			}
		})
	}
}
