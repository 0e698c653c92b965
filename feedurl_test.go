package vigil

import (
	"strings"
	"testing"
)

func TestNormalizeFeedURL(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"HTTP://Example.COM", "http://example.com/", true},
		{"  https://example.com:443/feed.xml#top ", "https://example.com/feed.xml", true},
		{"http://example.com:80/a?b=C", "http://example.com/a?b=C", true},
		{"http://example.com:8080/rss", "http://example.com:8080/rss", true},
		{"http://[::1]:80/x", "http://[::1]/x", true},
		{"", "", false},
		{"ftp://example.com/feed", "", false},
		{"/relative/feed", "", false},
		{"http://", "", false},
		{"http://exa mple.com/", "", false},
		{"http://example.com:443/a", "http://example.com:443/a", true},
		{"https://example.com:/a", "https://example.com/a", true},
		{"https://user@Example.com/f", "https://user@example.com/f", true},
		{"   ", "", false},
		{"example.com/feed", "", false},
		{"//example.com/feed", "", false},
		{"mailto:a@example.com", "", false},
		{"http:feed", "", false},
		{"https://:443/feed", "", false},
		{"https://example.com/" + strings.Repeat("a", 2048), "", false},
	}
	for _, tc := range tests {
		got, err := NormalizeFeedURL(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("NormalizeFeedURL(%q) = %q, %v; want %q ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && ErrorCode(err) != EINVALID {
			t.Errorf("NormalizeFeedURL(%q) error code %q, want %q", tc.in, ErrorCode(err), EINVALID)
		}
	}
}
