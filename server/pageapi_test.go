package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// pageWithChange makes ann and bob follow a page (ann first) with one
// stored change, and returns the page and change IDs.
func pageWithChange(t *testing.T, e *env, ann, bob tester) (int64, int64) {
	t.Helper()
	sub, err := e.st.FollowPage(context.Background(), ann.ID, "https://example.org/p", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.FollowPage(context.Background(), bob.ID, "https://example.org/p", 1, testNow.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	var prev, change int64
	for i, body := range []string{"<p>one</p>", "<p>two</p>"} {
		v := &store.NewVersion{Hash: fmt.Sprint("h", i), ContentType: "text/html", Body: []byte(body)}
		if prev != 0 {
			v.Change = &store.NewChange{PrevID: prev, Extents: []byte(`{"any":true,"text":1}`), Severity: "important", Summary: "about 100% of the text changed"}
		}
		got, err := e.st.IngestPage(context.Background(), store.PageFetched{FeedID: sub.Feed.ID,
			Observation: vigil.Observation{At: testNow.Add(time.Duration(i) * time.Hour), Status: 200}, Version: v, Read: true},
			func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		prev, change = got.VersionID, got.ChangeID
	}
	return sub.Feed.ID, change
}

func TestPageAPIRefusesBadInput(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob, eve := e.user("ann"), e.user("bob"), e.user("eve")
	page, change := pageWithChange(t, e, ann, bob)
	e.follow(ann, "https://example.org/feed.xml")
	tests := []struct {
		name, method, path string
		token              string
		body               any
		status             int
		says               string
	}{
		{"rating word", "POST", fmt.Sprintf("/api/changes/%d/rating", change), ann.token, map[string]any{"rating": "huge"}, 400, "rating"},
		{"rating not JSON", "POST", fmt.Sprintf("/api/changes/%d/rating", change), ann.token, "{", 400, ""},
		{"rating a stranger's change", "POST", fmt.Sprintf("/api/changes/%d/rating", change), eve.token, map[string]any{"rating": "important"}, 404, ""},
		{"change id", "GET", "/api/changes/x", ann.token, nil, 400, "change id"},
		{"stranger's page", "GET", fmt.Sprintf("/api/pages/%d", page), eve.token, nil, 404, ""},
		{"kinds by a later follower", "PUT", fmt.Sprintf("/api/pages/%d/settings", page), bob.token, map[string]any{"kinds": []string{"links"}}, 409, "first follower"},
		{"unknown kind", "PUT", fmt.Sprintf("/api/pages/%d/settings", page), ann.token, map[string]any{"kinds": []string{"colours"}}, 400, "colours"},
		{"ignore rule", "PUT", fmt.Sprintf("/api/pages/%d/settings", page), ann.token, map[string]any{"ignore": []string{"(unclosed"}}, 400, "(unclosed"},
		{"threshold word", "PUT", fmt.Sprintf("/api/pages/%d/settings", page), bob.token, map[string]any{"threshold": "big"}, 400, "threshold"},
		{"frequency word", "PUT", fmt.Sprintf("/api/pages/%d/settings", page), bob.token, map[string]any{"frequency": "hourly"}, 400, "frequency"},
		{"a feed as a page", "POST", "/api/pages", ann.token, map[string]any{"url": "https://example.org/feed.xml"}, 409, "already watched as a feed"},
		{"page URL", "POST", "/api/pages", ann.token, map[string]any{"url": "ftp://example.org/"}, 400, ""},
		{"digest address", "PUT", "/api/me/digest", ann.token, map[string]any{"email": "not an address"}, 400, "e-mail address"},
		{"webhook scheme", "PUT", "/api/me/digest", ann.token, map[string]any{"webhook": "file:///etc/passwd"}, 400, "webhook"},
		{"no token", "GET", "/api/updates", "", nil, 401, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call(tt.method, tt.path, tt.token, tt.body)
			if status != tt.status || !strings.Contains(string(body), tt.says) || strings.Contains(string(body), "*vigil") {
				t.Errorf("%s %s: %d %s, want %d naming %q", tt.method, tt.path, status, body, tt.status, tt.says)
			}
		})
	}
	if pf, _ := e.st.PageFollow(context.Background(), bob.ID, page); pf.Threshold != "significant" || pf.Frequency != "daily" {
		t.Errorf("refused settings changed bob's: %+v", pf)
	}
}

func TestPageSettingsFormOwnerOnly(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	for _, u := range []tester{ann, bob} {
		b := e.browser()
		b.login(u)
		if status, loc, _ := b.get(fmt.Sprintf("/feeds/%d", page)); status != http.StatusSeeOther || loc != fmt.Sprintf("/pages/%d", page) {
			t.Errorf("/feeds/%d of a page: %d %q, want its page view", page, status, loc)
		}
		_, _, html := b.get(fmt.Sprintf("/pages/%d", page))
		owner := strings.Contains(html, `name="kinds"`)
		if owner != (u.ID == ann.ID) {
			t.Errorf("%s sees the kinds form: %v", u.Name, owner)
		}
		form := url.Values{"csrf": {b.csrf()}, "threshold": {"important"}, "frequency": {"weekly"}, "owner": {"1"}, "kinds": {"links"}}
		status, _, _ := b.post(fmt.Sprintf("/pages/%d/settings", page), form)
		want := http.StatusSeeOther
		if u.ID == bob.ID {
			want = http.StatusConflict
		}
		if status != want {
			t.Errorf("%s's settings form: %d, want %d", u.Name, status, want)
		}
	}
	p, _ := e.st.Page(context.Background(), page)
	if strings.Join(p.Kinds, ",") != "links" {
		t.Errorf("kinds = %v, want ann's [links]", p.Kinds)
	}
	if pf, _ := e.st.PageFollow(context.Background(), bob.ID, page); pf.Threshold != "significant" {
		t.Errorf("bob's refused form changed his threshold to %s", pf.Threshold)
	}
	// Gone: the page view offers the cached copy of the last version.
	e.ingest(page, &vigil.Feed{Status: vigil.FeedGone, LastError: "the server answered 404 Not Found", Missing: 5})
	b := e.browser()
	b.login(bob)
	if _, _, html := b.get(fmt.Sprintf("/pages/%d", page)); !strings.Contains(html, "cached copy") {
		t.Errorf("a gone page's view offers no cached copy:\n%s", html)
	}
}

func TestMergeDuplicatePages(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob, cid := e.user("ann"), e.user("bob"), e.user("cid")
	ctx := context.Background()
	var pages []int64
	for i, u := range []tester{ann, bob} {
		sub, err := e.st.FollowPage(ctx, u.ID, fmt.Sprintf("https://example.org/doc%d", i), 1, testNow)
		if err != nil {
			t.Fatal(err)
		}
		v := &store.NewVersion{Hash: "same", ContentType: "text/html", Body: []byte("<p>the same document</p>")}
		if _, err := e.st.IngestPage(ctx, store.PageFetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: testNow, Status: 200}, Version: v, Read: true},
			func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, sub.Feed.ID)
	}
	if _, err := e.st.FollowPage(ctx, cid.ID, "https://example.org/doc0", 1, testNow.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	detail := decode[struct {
		Duplicate *struct{ ID int64 } `json:"duplicate"`
	}](t, mustCall(t, e, "GET", fmt.Sprintf("/api/pages/%d", pages[0]), ann.token, nil))
	if detail.Duplicate == nil || detail.Duplicate.ID != pages[1] {
		t.Fatalf("duplicate = %+v, want page %d", detail.Duplicate, pages[1])
	}
	mustCall(t, e, "PUT", fmt.Sprintf("/api/pages/%d/settings", pages[0]), cid.token, map[string]any{"threshold": "important", "frequency": "weekly"})
	if status, body := e.call("POST", fmt.Sprintf("/api/pages/%d/merge", pages[0]), cid.token, nil); status != http.StatusConflict {
		t.Errorf("a later follower merging: %d %s", status, body)
	}
	mustCall(t, e, "POST", fmt.Sprintf("/api/pages/%d/merge", pages[0]), ann.token, nil)
	for _, u := range []tester{ann, cid} {
		if _, err := e.st.Subscription(ctx, u.ID, pages[1]); err != nil {
			t.Errorf("%s does not follow the merged page: %v", u.Name, err)
		}
	}
	if n, _ := e.st.PageFollowers(ctx, pages[1]); n != 3 {
		t.Errorf("the merged page has %d followers, want 3", n)
	}
	if pf, err := e.st.PageFollow(ctx, cid.ID, pages[1]); err != nil || pf.Threshold != "important" || pf.Frequency != "weekly" {
		t.Errorf("cid's settings after the merge: %+v, %v", pf, err)
	}
	// The merged-away page has no follower left: it is no longer a
	// duplicate to report.
	after := decode[struct {
		Duplicate *struct{ ID int64 } `json:"duplicate"`
	}](t, mustCall(t, e, "GET", fmt.Sprintf("/api/pages/%d", pages[1]), bob.token, nil))
	if after.Duplicate != nil {
		t.Errorf("after the merge the page still reports the merged page %d as its duplicate", after.Duplicate.ID)
	}
}

func TestDigestForm(t *testing.T) {
	e := newEnv(t, Config{})
	ann := e.user("ann")
	b := e.browser()
	b.login(ann)
	if status, _, body := b.post("/updates/digest", url.Values{"csrf": {b.csrf()}, "email": {"not an address"}}); status != http.StatusBadRequest || !strings.Contains(body, "is not a plain address") {
		t.Errorf("a bad address: %d\n%s", status, body)
	}
	if status, _, _ := b.post("/updates/digest", url.Values{"csrf": {b.csrf()}, "email": {"ann@example.org"}, "off": {"1"}}); status != http.StatusSeeOther {
		t.Errorf("a good form: %d", status)
	}
	d, _ := e.st.DigestSettings(context.Background(), ann.ID)
	if d.Email != "ann@example.org" || !d.Off {
		t.Errorf("settings = %+v", d)
	}
	if _, _, page := b.get("/updates"); !strings.Contains(page, `value="ann@example.org"`) || !strings.Contains(page, `value="1" checked`) {
		t.Errorf("the form does not show the settings:\n%s", page)
	}
}
