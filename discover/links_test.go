package discover

import (
	"slices"
	"testing"
)

func TestLinks(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		page string
		want []Feed
	}{
		{"rss, atom and json feed, relative and absolute", `<html><head>
<link rel="alternate" type="application/rss+xml" title="Posts  (RSS)" href="/feed.xml">
<link rel="alternate" type="application/atom+xml" href="atom.xml">
<link rel="alternate" type="application/feed+json" href="https://cdn.example.net/feed.json">
</head></html>`, "https://blog.example.org/2026/post.html", []Feed{
			{URL: "https://blog.example.org/feed.xml", Title: "Posts (RSS)", Type: "application/rss+xml"},
			{URL: "https://blog.example.org/2026/atom.xml", Type: "application/atom+xml"},
			{URL: "https://cdn.example.net/feed.json", Type: "application/feed+json"},
		}},
		{"rel among others, case and parameters ignored", `<LINK REL="Alternate home" TYPE="Application/RSS+XML; charset=utf-8" HREF="feed">`,
			"http://example.org/blog/", []Feed{{URL: "http://example.org/blog/feed", Type: "application/rss+xml"}}},
		{"base href", `<base href="/sub/"><link rel=alternate type=application/atom+xml href=a.xml>`, "https://example.org/x/y",
			[]Feed{{URL: "https://example.org/sub/a.xml", Type: "application/atom+xml"}}},
		{"not feeds", `<link rel="stylesheet" type="text/css" href="s.css"><link rel="alternate" hreflang="fr" href="/fr/">
<link rel="alternate" type="text/html" href="/m/"><link rel="feed" type="application/rss+xml" href="/nope">`, "https://example.org/", nil},
		{"unusable hrefs", `<link rel="alternate" type="application/rss+xml" href="">
<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
<link rel="alternate" type="application/rss+xml" href="ftp://example.org/f">`, "https://example.org/", nil},
		{"the same feed once, without fragment", `<link rel="alternate" type="application/rss+xml" href="/f#top">
<link rel="alternate" type="application/rss+xml" href="https://example.org/f">`, "https://example.org/", []Feed{{URL: "https://example.org/f", Type: "application/rss+xml"}}},
		{"no page URL to resolve against", `<link rel="alternate" type="application/rss+xml" href="/f">`, "%zz", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Links([]byte(tt.doc), tt.page); !slices.Equal(got, tt.want) {
				t.Errorf("Links = %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
