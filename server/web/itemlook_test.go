package web

import (
	"strings"
	"testing"
	"time"

	"vigil"
)

// TestSnippet checks the plain-text snippets of items.
func TestSnippet(t *testing.T) {
	long := strings.Repeat("word ", 60)
	tests := []struct {
		name string
		item vigil.Item
		want string
	}{
		{"summary first", vigil.Item{Summary: "<p>Short <b>summary</b></p>", Content: "content"}, "Short summary"},
		{"content without summary", vigil.Item{Content: "<div>Body &amp; more\n\n text</div>"}, "Body & more text"},
		{"scripts dropped", vigil.Item{Summary: "a<script>alert(1)</script>b"}, "ab"},
		{"cut at a word", vigil.Item{Summary: long}, strings.TrimSpace(long[:179]) + " …"},
		{"empty", vigil.Item{}, ""},
	}
	s := &Handlers{}
	for _, tt := range tests {
		if got := s.snippet(tt.item); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFeedInitial checks the drawn feed icons.
func TestFeedInitial(t *testing.T) {
	tests := []struct{ name, want string }{
		{"example.com", "E"},
		{"  «ärger» news", "Ä"},
		{"9to5", "9"},
		{"", "#"},
		{"***", "#"},
	}
	for _, tt := range tests {
		if got := feedInitial(tt.name); got != tt.want {
			t.Errorf("feedInitial(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestRoughDuration checks how delays are written.
func TestRoughDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{1500 * time.Millisecond, "2s"},
		{45 * time.Minute, "45m"},
		{4 * time.Hour, "4h"},
		{150*time.Minute + 20*time.Second, "2h30m"},
		{49 * time.Hour, "49h"},
	}
	for _, tt := range tests {
		if got := roughDuration(tt.d); got != tt.want {
			t.Errorf("roughDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
