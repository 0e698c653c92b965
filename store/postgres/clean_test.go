package postgres

import (
	"testing"

	"vigil/store/fulltext"
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
	}
	for _, tt := range tests {
		terms, err := fulltext.ParseQuery(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := tsQuery(terms); got != tt.want {
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
