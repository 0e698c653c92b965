package web

import (
	"strings"
	"testing"
)

func TestLocalPath(t *testing.T) {
	tests := []struct {
		raw, want string
	}{
		{"/", "/"},
		{"/items?unread=1", "/items?unread=1"},
		{"/feeds/3#fetches", "/feeds/3#fetches"},
		{"/caf%C3%A9", "/caf%C3%A9"},
		{"", ""},
		{"items", ""},
		{"//evil.com", ""},
		{"//evil.com/items", ""},
		{"https://evil.com", ""},
		{"https://evil.com/items", ""},
		{"javascript:alert(1)", ""},
		{`/\evil.com`, ""},
		{"/\t/evil.com", ""},
		{"/\n/evil.com", ""},
		{"/" + strings.Repeat("a", maxLocalPath), ""},
	}
	for _, tt := range tests {
		if got := localPath(tt.raw); got != tt.want {
			t.Errorf("localPath(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}
