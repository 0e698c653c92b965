package export

import (
	"context"
	"encoding/xml"
	"strings"
	"testing"

	"vigil/opml"
)

// pageOutline is a page outline with good attributes but for one.
func pageOutline(name, value string) string {
	attrs := map[string]string{"page": "true", "kinds": "text", "ignore": "[]", "returns": "0", "render": "false", "conditions": "[]"}
	attrs[name] = value
	var b strings.Builder
	b.WriteString(`<outline type="rss" text="Shop" xmlUrl="https://example.com/shop"`)
	for k, v := range attrs {
		b.WriteString(" vigil:" + k + `="`)
		xml.EscapeText(&b, []byte(v))
		b.WriteString(`"`)
	}
	b.WriteString("/>")
	return b.String()
}

// TestBadAttribute imports a document holding a feed and a page with one
// bad vigil: attribute: the page is refused with a note naming the outline
// and the attribute, nothing of it is stored, and the feed is imported.
func TestBadAttribute(t *testing.T) {
	tests := []struct{ attr, value string }{
		{"render", "maybe"},
		{"returns", "two"},
		{"returns", "99"},
		{"kinds", "text,colour"},
		{"ignore", "not json"},
		{"ignore", `["(unclosed"]`},
		{"conditions", `["glows:red"]`},
		{"threshold", "loud"},
		{"frequency", "hourly"},
		{"xpath", "//div[@"},
		{"jq", ".a |"},
		{"noise_undone", "not json"},
		{"noise_undone", `["colour:red"]`},
		{"colour", "red"},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.attr+"="+tt.value, func(t *testing.T) {
			doc := `<?xml version="1.0"?><opml version="2.0" xmlns:vigil="` + opml.Namespace + `"><body>` +
				`<outline type="rss" text="News" xmlUrl="https://example.com/feed.xml"/>` + pageOutline(tt.attr, tt.value) + `</body></opml>`
			entries, notes, err := Read(strings.NewReader(doc))
			if err != nil {
				t.Fatal(err)
			}
			st, users := newStore(t, "ann")
			res, err := Import(ctx, st, storeFollow(st), users[0].ID, entries, nil)
			if err != nil {
				t.Fatal(err)
			}
			notes = append(notes, res.Skipped...)
			if len(notes) != 1 || !strings.Contains(notes[0], `outline "https://example.com/shop"`) || !strings.Contains(notes[0], "vigil:"+tt.attr) {
				t.Errorf("notes %q, want one naming the outline and vigil:%s", notes, tt.attr)
			}
			subs, err := st.Subscriptions(ctx, users[0].ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(subs) != 1 || subs[0].Feed.URL != "https://example.com/feed.xml" {
				t.Errorf("subscriptions %+v, want the feed alone", subs)
			}
			feeds, err := st.Feeds(ctx)
			if err != nil || len(feeds) != 1 {
				t.Errorf("feeds %+v (%v), want the feed alone: nothing of the refused page stored", feeds, err)
			}
		})
	}
}
