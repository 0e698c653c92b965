package feed

import (
	"strings"
	"testing"
	"time"
)

func TestAtomEntryDocument(t *testing.T) {
	entry := `<entry xmlns="http://www.w3.org/2005/Atom"><id>urn:e:1</id><title>Only</title>
		<link href="https://e.org/1"/><updated>2024-03-02T08:30:00Z</updated><content type="html">&lt;p&gt;C&lt;/p&gt;</content></entry>`
	tests := []struct {
		name, body string
		recovered  bool
	}{
		{"bare", entry, false},
		{"with prolog and comment", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- one post -->\n" + entry + "\n", false},
		{"prefixed", strings.NewReplacer(`<entry xmlns="http://www.w3.org/2005/Atom">`, `<a:entry xmlns:a="http://www.w3.org/2005/Atom">`,
			"<id>", "<a:id>", "</id>", "</a:id>", "<title>", "<a:title>", "</title>", "</a:title>", "<link ", "<a:link ",
			"<updated>", "<a:updated>", "</updated>", "</a:updated>", "<content ", "<a:content ", "</content>", "</a:content>",
			"</entry>", "</a:entry>").Replace(entry), false},
		{"ill-formed", strings.Replace(entry, "<title>Only</title>", "<title>Only &nbsp;</title>", 1), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.body, Options{})
			if f.Format != "atom" || f.Recovered != tt.recovered || len(f.Items) != 1 {
				t.Fatalf("format %q, recovered %v, %d items; want atom, %v, 1 item", f.Format, f.Recovered, len(f.Items), tt.recovered)
			}
			it := f.Items[0]
			if it.Key != "urn:e:1" || it.URL != "https://e.org/1" || strings.TrimSpace(it.Title) != "Only" ||
				!it.Updated.Equal(time.Date(2024, 3, 2, 8, 30, 0, 0, time.UTC)) {
				t.Errorf("item %+v", it)
			}
		})
	}
}

func TestEntryDocumentLeavesOthersAlone(t *testing.T) {
	for _, doc := range []string{`<rss><channel><item><title>t</title></item></channel></rss>`, `<feed><entry/></feed>`, `<entryx/>`, ``} {
		if got := string(wrapEntryDocument([]byte(doc))); got != doc {
			t.Errorf("wrapEntryDocument(%q) = %q", doc, got)
		}
	}
}
