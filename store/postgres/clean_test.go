package postgres

import (
	"testing"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a\x00b", "ab"},
		{"a\xffb", "a\uFFFDb"},
		{"café", "café"},
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTSQuery(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Go  SQLite", "'go' & 'sqlite'"},
		{"feed* read", "'feed':* & 'read'"},
		{`"web feeds" Café`, "'web' & 'feeds' & 'cafe'"}, // the phrase's order is checked in Go
		{"node.j*", "'node' & 'j':*"},
		{"a AND b | !c", "'a' & 'and' & 'b' & 'c'"},
		{`it's`, "'it' & 's'"},
		{"x\u20ddy नमस्ते*", "'x' & 'y' & 'नमस' & 'त':*"}, // marks split words, as in the text
	}
	for _, tt := range tests {
		if got := tsQuery(queryTerms(t, tt.in)); got != tt.want {
			t.Errorf("tsQuery(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Plain ASCII, Mixed CASE", "plain ascii, mixed case"},
		{"nul\x00byte", "nulbyte"},
		{"Café Crème", "cafe creme"},
		{"ÅNGSTRÖM", "angstrom"},
		{"bad \xff byte É", "bad \uFFFD byte e"},
	}
	for _, tt := range tests {
		if got := fold(tt.in); got != tt.want {
			t.Errorf("fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
