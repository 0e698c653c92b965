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
		{"http://host:99999/", "", false},
		{"http://host:abc/", "", false},
		{"http://host:0/", "", false},
		{"http://host:-1/", "", false},
		{"http://host:65535/", "http://host:65535/", true},
		{"http://a..b/feed", "", false},
		{"http://.example.com/", "", false},
		{"http://example.com./", "http://example.com./", true},
		{"http://exa*mple.com/", "", false},
		{"http://" + strings.Repeat("a", 64) + ".com/", "", false},
		{"http://bücher.example/feed", "http://b%C3%BCcher.example/feed", true},
		{"http://my_host.example/", "http://my_host.example/", true},
		{"http://192.0.2.1:8080/", "http://192.0.2.1:8080/", true},
		{"http://127.0.0.1:8765/./thirty.xml", "http://127.0.0.1:8765/thirty.xml", true},
		{"http://example.com/a/b/../c/./feed?x=1", "http://example.com/a/c/feed?x=1", true},
		{"http://example.com/../../feed", "http://example.com/feed", true},
		{"http://example.com/a/.", "http://example.com/a/", true},
		{"http://example.com/a/..", "http://example.com/", true},
		{"http://example.com/a.b/..c/d.", "http://example.com/a.b/..c/d.", true},
		{"https://user@example.com/x/./y%20z#f", "https://user@example.com/x/y%20z", true},
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

func TestNormalizeFeedURLSaysWhatIsWrong(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://host:99999/", `invalid port "99999"`},
		{"http://host:abc/", `invalid port ":abc"`},
		{"http://a..b/", "empty label"},
		{"http://exa*mple.com/", `character '*'`},
		{"http://exa mple.com/", `invalid character " " in host name`},
		{"http://[::1/", "missing ']' in host"},
	}
	for _, tc := range tests {
		_, err := NormalizeFeedURL(tc.in)
		if err == nil {
			t.Errorf("NormalizeFeedURL(%q) accepted it", tc.in)
			continue
		}
		msg := ErrorMessage(err)
		if !strings.Contains(msg, tc.want) || !strings.Contains(msg, tc.in) || strings.Contains(msg, "*url.") {
			t.Errorf("NormalizeFeedURL(%q) says %q; want the URL and %q", tc.in, msg, tc.want)
		}
	}
}
