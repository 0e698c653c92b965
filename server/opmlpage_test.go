package server

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"vigil/server/web"
)

// upload posts an OPML file with the import form, with the given CSRF
// token, and returns the status, Location and body.
func (b *browser) upload(csrf, file string) (int, string, string) {
	b.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("csrf", csrf)
	fw, err := mw.CreateFormFile("opml", "feeds.opml")
	if err != nil {
		b.e.t.Fatal(err)
	}
	fw.Write([]byte(file))
	mw.Close()
	resp, err := b.client.Post(b.e.url+"/opml", mw.FormDataContentType(), &body)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return answer(b.e.t, resp)
}

// TestOPMLPages checks the OPML forms: export lists the visitor's feeds,
// import adds the new ones and keeps the weight of those already followed,
// and a form without its CSRF token or a broken file changes nothing.
func TestOPMLPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	kept := e.follow(alice, "https://example.com/kept")
	if _, err := e.st.Subscribe(context.Background(), alice.ID, "https://example.com/kept", 3, testNow); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	doc := `<?xml version="1.0"?><opml version="2.0"><head/><body>
<outline text="Tech"><outline type="rss" text="New" xmlUrl="https://example.org/new.xml"/></outline>
<outline type="rss" text="Kept" xmlUrl="https://example.com/kept"/>
<outline type="rss" text="Bad" xmlUrl="ftp://example.net/x"/>
</body></opml>`

	tests := []struct {
		name, csrf, file string
		status           int
		feeds            int
	}{
		{"no CSRF token", "", doc, http.StatusForbidden, 1},
		{"not OPML", csrf, "<html>hello</html>", http.StatusBadRequest, 1},
		{"too large", csrf, strings.Repeat("x", web.MaxOPMLUpload+1), http.StatusBadRequest, 1},
		{"import", csrf, doc, http.StatusSeeOther, 2},
	}
	for _, tt := range tests {
		status, _, body := b.upload(tt.csrf, tt.file)
		subs, err := e.st.Subscriptions(context.Background(), alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		if status != tt.status || len(subs) != tt.feeds {
			t.Errorf("%s: status %d and %d feeds, want %d and %d:\n%.300s", tt.name, status, len(subs), tt.status, tt.feeds, body)
		}
	}
	_, _, home := b.get("/")
	if !strings.Contains(home, "Imported 1 feeds; 1 you already followed, 1 skipped") {
		t.Errorf("home page does not report the import:\n%s", home)
	}
	sub, err := e.st.Subscription(context.Background(), alice.ID, kept)
	if err != nil || sub.Weight != 3 {
		t.Errorf("the followed feed's weight is %v (%v), want 3 kept", sub.Weight, err)
	}

	subs, err := e.st.Subscriptions(context.Background(), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range subs {
		if want := map[bool]string{true: "Tech"}[sub.Feed.URL == "https://example.org/new.xml"]; sub.Folder != want {
			t.Errorf("imported %s into folder %q, want %q", sub.Feed.URL, sub.Folder, want)
		}
	}
	if err := e.st.RenameSubscription(context.Background(), alice.ID, kept, "My own name"); err != nil {
		t.Fatal(err)
	}

	// The export keeps the folders and the visitor's own titles, as
	// vigil export does, so that an import elsewhere rebuilds them.
	status, _, out := b.get("/opml")
	for _, want := range []string{`text="My own name"`, `xmlUrl="https://example.com/kept"`,
		"<outline text=\"Tech\" title=\"Tech\">\n      <outline type=\"rss\" text=\"New\""} {
		if status != http.StatusOK || !strings.Contains(out, want) {
			t.Errorf("export: status %d, lacks %s:\n%s", status, want, out)
		}
	}
}
