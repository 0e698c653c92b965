package websub

import (
	"net/http"
	"reflect"
	"testing"
)

func TestDiscover(t *testing.T) {
	const base = "https://blog.example/feed.xml"
	tests := []struct {
		name   string
		header http.Header
		body   string
		want   Links
	}{
		{"link headers", http.Header{"Link": {`<https://hub.example/>; rel="hub", </feed.xml>; rel="self"`}}, "",
			Links{Hubs: []string{"https://hub.example/"}, Self: "https://blog.example/feed.xml"}},
		{"several headers and rels", http.Header{"Link": {`<https://a.example/hub>; rel="hub alternate"`, `<https://b.example/hub>; rel=hub`}}, "",
			Links{Hubs: []string{"https://a.example/hub", "https://b.example/hub"}}},
		{"a comma inside the URL", http.Header{"Link": {`<https://hub.example/a,b>; rel="hub"`}}, "",
			Links{Hubs: []string{"https://hub.example/a,b"}}},
		{"headers win over the document", http.Header{"Link": {`<https://hub.example/>; rel="hub"`}},
			`<feed xmlns="http://www.w3.org/2005/Atom"><link rel="hub" href="https://other.example/"/></feed>`,
			Links{Hubs: []string{"https://hub.example/"}}},
		{"atom", nil, `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="https://blog.example/atom"/>
			<link rel="hub" href="https://hub.example/"/><link rel="alternate" href="/"/></feed>`,
			Links{Hubs: []string{"https://hub.example/"}, Self: "https://blog.example/atom"}},
		{"rss with atom:link", nil, `<rss><channel><link>https://blog.example/</link>
			<atom:link rel="hub" href="https://hub.example/"/><atom:link href="https://blog.example/rss" rel="self"/></channel></rss>`,
			Links{Hubs: []string{"https://hub.example/"}, Self: "https://blog.example/rss"}},
		{"html", nil, `<!doctype html><html><head><LINK REL=hub HREF="//hub.example/p"><link rel=self href="/page"></head></html>`,
			Links{Hubs: []string{"https://hub.example/p"}, Self: "https://blog.example/page"}},
		{"self from headers, hub from the document", http.Header{"Link": {`<https://blog.example/topic>; rel="self"`}},
			`<feed><link rel="hub" href="https://hub.example/"/><link rel="self" href="https://blog.example/other"/></feed>`,
			Links{Hubs: []string{"https://hub.example/"}, Self: "https://blog.example/topic"}},
		{"not http", nil, `<feed><link rel="hub" href="javascript:alert(1)"/><link rel="hub" href="ftp://hub.example/"/></feed>`, Links{}},
		{"no hub", http.Header{"Link": {`<https://blog.example/>; rel="alternate"`}}, `<rss><channel></channel></rss>`, Links{}},
		{"broken header", http.Header{"Link": {`https://hub.example/; rel="hub"`, `<https://hub.example/`}}, "", Links{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Discover(tt.header, []byte(tt.body), base); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Discover = %+v, want %+v", got, tt.want)
			}
		})
	}
}
