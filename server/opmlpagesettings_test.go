package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"vigil/opml"
)

// TestOPMLPageSettings uploads an OPML file with a watched page and a page
// with a bad attribute: the first becomes a page with its settings, the
// second is refused with the home page naming its outline and attribute,
// and the export writes the page's settings back.
func TestOPMLPageSettings(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	doc := `<?xml version="1.0"?><opml version="2.0" xmlns:vigil="` + opml.Namespace + `"><head/><body>
<outline type="rss" text="Shop" xmlUrl="https://example.com/shop" vigil:page="true" vigil:kinds="links" vigil:selector="#price" vigil:threshold="important" vigil:conditions="[&quot;below:20@#price&quot;]"/>
<outline type="rss" text="Broken" xmlUrl="https://example.com/broken" vigil:page="true" vigil:render="maybe"/>
</body></opml>`
	if status, _, body := b.upload(b.csrf(), doc); status != http.StatusSeeOther {
		t.Fatalf("import: status %d:\n%.300s", status, body)
	}
	ctx := context.Background()
	subs, err := e.st.Subscriptions(ctx, alice.ID)
	if err != nil || len(subs) != 1 {
		t.Fatalf("subscriptions %+v (%v), want the good page alone", subs, err)
	}
	page, err := e.st.Page(ctx, subs[0].Feed.ID)
	if err != nil || page.Selector != "#price" || strings.Join(page.Kinds, ",") != "links" {
		t.Errorf("page %+v (%v), want selector #price and kinds links", page, err)
	}
	pf, err := e.st.PageFollow(ctx, alice.ID, subs[0].Feed.ID)
	if err != nil || pf.Threshold != "important" || len(pf.Conditions) != 1 || pf.Conditions[0].String() != "below:20@#price" {
		t.Errorf("follow %+v (%v), want threshold important and the condition", pf, err)
	}
	_, _, home := b.get("/")
	if !strings.Contains(home, "https://example.com/broken") || !strings.Contains(home, "vigil:render") {
		t.Errorf("home page does not name the refused outline and attribute:\n%s", home)
	}
	_, _, out := b.get("/opml")
	for _, want := range []string{`vigil:page="true"`, `vigil:selector="#price"`, `vigil:threshold="important"`} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %s:\n%s", want, out)
		}
	}
}
