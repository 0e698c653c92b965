package feed

import "testing"

func TestItemLinks(t *testing.T) {
	tests := []struct {
		name, body, baseURL, wantSite, wantItem string
	}{
		{"absolute untouched", `<rss version="2.0"><channel><link>https://site.example/</link><item><link>https://other.example/a</link></item></channel></rss>`,
			"https://feeds.example/rss", "https://site.example/", "https://other.example/a"},
		{"relative to feed link", `<rss version="2.0"><channel><link>https://site.example/blog/</link><item><link>posts/1</link></item></channel></rss>`,
			"https://feeds.example/rss", "https://site.example/blog/", "https://site.example/blog/posts/1"},
		{"relative feed link to base url", `<rss version="2.0"><channel><link>/home</link><item><link>/p/2</link></item></channel></rss>`,
			"https://feeds.example/x/rss", "https://feeds.example/home", "https://feeds.example/p/2"},
		{"no feed link, base url", `<rss version="2.0"><channel><item><link>p/3</link></item></channel></rss>`,
			"https://feeds.example/x/rss", "", "https://feeds.example/x/p/3"},
		{"no base at all: a relative link is no link", `<rss version="2.0"><channel><item><link>p/3</link></item></channel></rss>`,
			"", "", ""},
		{"javascript base ignored", `<rss version="2.0"><channel><item><link>/p/4</link></item></channel></rss>`,
			"javascript:alert(1)", "", ""},
		{"atom xml:base", `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://base.example/dir/"><entry><link href="e/1"/></entry></feed>`,
			"https://feeds.example/atom", "", "https://base.example/dir/e/1"},
		{"permalink guid as link", `<rss version="2.0"><channel><item><guid>https://site.example/g/1</guid></item></channel></rss>`,
			"", "", "https://site.example/g/1"},
		{"non-permalink guid is not a link", `<rss version="2.0"><channel><item><guid isPermaLink="false">https://site.example/g/1</guid></item></channel></rss>`,
			"", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.body, Options{BaseURL: tt.baseURL})
			if f.SiteURL != tt.wantSite {
				t.Errorf("SiteURL = %q, want %q", f.SiteURL, tt.wantSite)
			}
			if len(f.Items) != 1 || f.Items[0].URL != tt.wantItem {
				t.Fatalf("items %+v, want one with URL %q", f.Items, tt.wantItem)
			}
		})
	}
}

func TestWebLinkKeepsOnlyHTTP(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		{"https://example.org/feed", "/post/1", "https://example.org/post/1"},
		{"", "https://example.org/a", "https://example.org/a"},
		{"https://example.org/", "javascript:alert(1)", ""},
		{"https://example.org/", "JavaScript:alert(1)", ""},
		{"https://example.org/", "data:text/html,<script>x</script>", ""},
		{"https://example.org/", "file:///etc/passwd", ""},
		{"", "/relative/without/base", ""},
		{"https://example.org/", "mailto:someone@example.org", ""},
	}
	for _, tc := range tests {
		if got := webLink(tc.base, tc.ref); got != tc.want {
			t.Errorf("webLink(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
	}
}

func TestUnusableLinkStillIdentifiesItem(t *testing.T) {
	f := mustParse(t, `<rss version="2.0"><channel><item><link>p/3</link><title>x</title></item></channel></rss>`, Options{})
	if len(f.Items) != 1 || f.Items[0].URL != "" || f.Items[0].Key != "p/3" {
		t.Fatalf("items %+v: want no URL and the key p/3", f.Items)
	}
}
