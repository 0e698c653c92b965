package server

import (
	"fmt"
	"html"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/fetch"
)

// wantPage fetches path and checks the status and that every text appears.
func wantPage(t *testing.T, b *browser, path string, status int, texts ...string) string {
	t.Helper()
	got, _, body := b.get(path)
	if got != status {
		t.Fatalf("GET %s: status %d, want %d\n%s", path, got, status, body)
	}
	for _, text := range texts {
		if !strings.Contains(body, text) {
			t.Errorf("GET %s does not contain %q:\n%s", path, text, body)
		}
	}
	return body
}

func TestWebFeedPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	wantPage(t, b, "/", http.StatusOK, "You follow no feeds yet", `action="/feeds"`)

	csrf := b.csrf()
	status, loc, _ := b.post("/feeds", url.Values{"csrf": {csrf}, "url": {"https://Example.com/feed"}, "weight": {"2"}})
	var id int64
	if _, err := fmt.Sscanf(loc, "/feeds/%d", &id); status != http.StatusSeeOther || err != nil {
		t.Fatalf("add feed: status %d, Location %q", status, loc)
	}
	state := &vigil.Feed{
		Title: "Example News", Status: vigil.FeedBroken, LastFetch: testNow.Add(-2 * time.Hour), NextFetch: testNow.Add(5 * time.Minute),
		LastSuccess: testNow.Add(-50 * time.Hour), LastStatus: 503, Failures: 3, FailingSince: testNow.Add(-48 * time.Hour), Rate: 1.5,
	}
	e.ingest(id, state, items("news", 3)...)

	wantPage(t, b, "/", http.StatusOK, "Example News", "https://example.com/feed", `<tr class="feed-broken">`, `<span class="status broken">broken</span>`,
		`<time class="nowrap" datetime="2025-03-14T10:00:00Z" title="2025-03-14 10:00 UTC">2 h ago</time>`,
		`title="2025-03-14 12:05 UTC">in 5 min</time>`, "503 Service Unavailable", "3 failed fetches", "about 1.5 an hour", ">2<")
	feedPath := fmt.Sprintf("/feeds/%d", id)
	wantPage(t, b, feedPath, http.StatusOK, "Example News", "news-c", "news-a", "503 Service Unavailable",
		"Latest fetches", "250ms", "1234", `href="`+feedPath+`/unsubscribe"`, "about 1.5 an hour")

	if status, _, _ = b.post(feedPath+"/weight", url.Values{"csrf": {csrf}, "weight": {"4.5"}}); status != http.StatusSeeOther {
		t.Errorf("set weight: status %d", status)
	}
	wantPage(t, b, feedPath, http.StatusOK, `value="4.5"`)

	wantPage(t, b, feedPath+"/unsubscribe", http.StatusOK, "Unsubscribe from Example News?",
		`<form class="inline" method="post" action="`+feedPath+`/unsubscribe">`, `name="csrf" value="`+csrf+`"`, `<a href="`+feedPath+`">Cancel</a>`)
	if _, err := e.st.Subscription(t.Context(), alice.ID, id); err != nil {
		t.Fatalf("the confirmation page unsubscribed already: %v", err)
	}
	if status, loc, _ = b.post(feedPath+"/unsubscribe", url.Values{"csrf": {csrf}}); status != http.StatusSeeOther || loc != "/" {
		t.Errorf("unsubscribe: status %d, Location %q", status, loc)
	}
	wantPage(t, b, "/", http.StatusOK, "You follow no feeds yet", `<p class="flash" role="status">You unsubscribed from Example News.</p>`)
	if body := wantPage(t, b, "/", http.StatusOK); strings.Contains(body, "You unsubscribed") {
		t.Errorf("the unsubscription notice shows twice:\n%s", body)
	}
	wantPage(t, b, feedPath, http.StatusNotFound, "not found")
	wantPage(t, b, feedPath+"/unsubscribe", http.StatusNotFound, "not found")
}

func TestWebFeedFormsInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	id := e.follow(alice, "https://example.com/feed")
	weightPath := fmt.Sprintf("/feeds/%d/weight", id)
	addForm, feedForm := `action="/feeds"`, `action="`+weightPath+`"`
	tests := []struct {
		name, path string
		form       url.Values
		status     int
		want       []string // the message, and the form shown again with what was typed
	}{
		{"no url", "/feeds", url.Values{}, 400, []string{"url is required", addForm}},
		{"bad scheme", "/feeds", url.Values{"url": {"ftp://nope.example/feed"}}, 400,
			[]string{"Could not add the feed:", "http or https", addForm, `value="ftp://nope.example/feed"`, "Your feeds"}},
		{"bad port", "/feeds", url.Values{"url": {"http://nope.example:99999/feed"}}, 400,
			[]string{"Could not add the feed:", "invalid port &#34;99999&#34;", addForm}},
		{"weight text", "/feeds", url.Values{"url": {"https://a.example/"}, "weight": {"heavy"}}, 400,
			[]string{"is not a number", `value="https://a.example/"`, `value="heavy"`}},
		{"weight zero", "/feeds", url.Values{"url": {"https://a.example/"}, "weight": {"0"}}, 400, []string{"from 0.01 to 1000, not 0", `value="https://a.example/"`}},
		{"weight too big", "/feeds", url.Values{"url": {"https://a.example/"}, "weight": {"1001"}}, 400, []string{"from 0.01 to 1000, not 1001"}},
		{"weight NaN", weightPath, url.Values{"weight": {"NaN"}}, 400, []string{"Could not set the weight:", "not NaN", feedForm, "https://example.com/feed"}},
		{"weight too big on feed", weightPath, url.Values{"weight": {"5000"}}, 400, []string{"from 0.01 to 1000, not 5000", feedForm, `value="5000"`}},
		{"unknown feed", "/feeds/999/unsubscribe", url.Values{}, 404, []string{"not found"}},
		{"unknown feed weight", "/feeds/999/weight", url.Values{"weight": {"-1"}}, 404, []string{"not found"}},
		{"bad feed id", "/feeds/x/weight", url.Values{"weight": {"2"}}, 400, []string{"invalid feed id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.form.Set("csrf", csrf)
			status, _, body := b.post(tt.path, tt.form)
			if status != tt.status {
				t.Errorf("status %d, want %d\n%s", status, tt.status, body)
			}
			for _, want := range tt.want {
				if !strings.Contains(body, want) {
					t.Errorf("answer does not contain %q\n%s", want, body)
				}
			}
		})
	}
	if sub, err := e.st.Subscription(t.Context(), alice.ID, id); err != nil || sub.Weight != 1 {
		t.Errorf("weight after refused forms = %v, %v; want 1", sub, err)
	}
	if subs, err := e.st.Subscriptions(t.Context(), alice.ID); err != nil || len(subs) != 1 {
		t.Errorf("subscriptions after refused forms = %d, %v; want 1", len(subs), err)
	}
}

func TestWebNotices(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://old.example/feed")
	if _, err := e.st.MoveFeed(t.Context(), id, "https://new.example/feed", testNow); err != nil {
		t.Fatal(err)
	}
	notices, err := e.st.Notices(t.Context(), alice.ID)
	if err != nil || len(notices) != 1 {
		t.Fatalf("store notices = %v, %v", notices, err)
	}
	b := e.browser()
	b.login(alice)
	wantPage(t, b, "/", http.StatusOK, "Notices", notices[0].Text)
}

func TestWebItemPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, &vigil.Feed{Title: "Example News"}, items("story", 5)...)
	b := e.browser()
	b.login(alice)

	wantPage(t, b, "/items", http.StatusOK, "story-e", "story-a", "Example News")
	body := wantPage(t, b, "/items?limit=2", http.StatusOK, "story-e", "story-d", "Older")
	if strings.Contains(body, "story-c") || strings.Contains(body, "Newer") {
		t.Errorf("first page of two shows more:\n%s", body)
	}
	older := olderLink(t, body)
	if !strings.Contains(older, "before=") || strings.Contains(older, "offset=") {
		t.Errorf("the older link %q does not continue after a cursor", older)
	}
	body = wantPage(t, b, older, http.StatusOK, "story-c", "story-b", "Newer", "Older")
	if strings.Contains(body, "story-d") || strings.Contains(body, "story-a") {
		t.Errorf("second page by cursor shows other items:\n%s", body)
	}
	second := body
	body = wantPage(t, b, olderLink(t, body), http.StatusOK, "story-a", "Newer")
	if strings.Contains(body, "Older") || strings.Contains(body, "story-b") {
		t.Errorf("last page by cursor:\n%s", body)
	}
	body = wantPage(t, b, pageLink(t, second, "← Newer"), http.StatusOK, "story-e", "story-d", "Older")
	if strings.Contains(body, "story-c") || strings.Contains(body, "Newer") {
		t.Errorf("back from the second page by cursor:\n%s", body)
	}
	body = wantPage(t, b, "/items?limit=2&offset=4", http.StatusOK, "story-a", "Newer", "/items?limit=2&amp;offset=2")
	if strings.Contains(body, "Older") {
		t.Errorf("last page links to an older one:\n%s", body)
	}
	wantPage(t, b, fmt.Sprintf("/items?feed=%d", id), http.StatusOK, "of Example News", "story-e")

	itemPath := fmt.Sprintf("/items/%d", stored[0].ID)
	wantPage(t, b, itemPath, http.StatusOK, "story-a", "<p>body of story-a</p>", `href="https://example.com/story-a"`, "Mark unread")
	body = wantPage(t, b, "/items?unread=1", http.StatusOK, "Unread items", "story-e")
	if strings.Contains(body, "story-a") {
		t.Errorf("unread listing shows the item just viewed:\n%s", body)
	}

	status, loc, _ := b.post(itemPath+"/unread", url.Values{"csrf": {b.csrf()}})
	if status != http.StatusSeeOther || loc != itemPath+"?keep=unread" {
		t.Errorf("mark unread: status %d, Location %q; want back to the item", status, loc)
	}
	body = wantPage(t, b, loc, http.StatusOK, "story-a", "Marked unread")
	if strings.Contains(body, "Mark unread</button>") {
		t.Errorf("item just marked unread offers to mark it unread:\n%s", body)
	}
	wantPage(t, b, "/items?unread=1", http.StatusOK, "story-a")

	wantPage(t, b, "/items?limit=zero", http.StatusBadRequest, "limit")
	wantPage(t, b, "/items/abc", http.StatusBadRequest, "invalid item id")
	wantPage(t, b, "/items/999", http.StatusNotFound, "not found")
}

// TestWebFeedBadges checks that the badge and the row say the same as the
// error beside them.
func TestWebFeedBadges(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	ok := e.follow(alice, "https://ok.example/feed")
	failing := e.follow(alice, "https://failing.example/feed")
	gone := e.follow(alice, "https://gone.example/feed")
	e.ingest(ok, &vigil.Feed{Title: "Fine", Status: vigil.FeedActive, LastStatus: 200, LastSuccess: testNow})
	e.ingest(failing, &vigil.Feed{Title: "Shaky", Status: vigil.FeedActive, LastStatus: 404, Failures: 1})
	e.ingest(gone, &vigil.Feed{Title: "Vanished", Status: vigil.FeedGone, LastStatus: 410, Failures: 5})
	b := e.browser()
	b.login(alice)

	body := wantPage(t, b, "/", http.StatusOK,
		`<tr class="feed-active">`, `<span class="status active">active</span>`,
		`<tr class="feed-failing">`, `<span class="status failing">failing</span>`, "the server answered 404 Not Found",
		`<tr class="feed-gone">`, `<span class="status gone">gone</span>`, "not known yet", "none seen yet")
	if n := strings.Count(body, `class="problem"`); n != 2 {
		t.Errorf("%d cells marked as problems, want 2 (the failing and the gone feed):\n%s", n, body)
	}
	wantPage(t, b, fmt.Sprintf("/feeds/%d", failing), http.StatusOK, `<span class="status failing">failing</span>`, `<dd class="problem">the server answered 404`)
	body = wantPage(t, b, fmt.Sprintf("/feeds/%d", ok), http.StatusOK, `<span class="status active">active</span>`, "<dt>Last error</dt><dd>none</dd>")
	if strings.Contains(body, `class="problem"`) {
		t.Errorf("a healthy feed's page marks a problem:\n%s", body)
	}
}

// TestWebItemNavigation checks the links around an item and how items of
// a feed without a title are labelled.
func TestWebItemNavigation(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://untitled.example/feed.xml")
	stored := e.ingest(id, nil, items("story", 3)...) // story-c is the newest
	b := e.browser()
	b.login(alice)

	wantPage(t, b, "/items", http.StatusOK, "untitled.example · ")
	body := wantPage(t, b, fmt.Sprintf("/feeds/%d", id), http.StatusOK, "story-a")
	if strings.Contains(body, "untitled.example · ") {
		t.Errorf("the feed's page names the feed beside each item:\n%s", body)
	}
	body = wantPage(t, b, fmt.Sprintf("/items?feed=%d", id), http.StatusOK, "story-a", "Mark all of this feed as read")
	if strings.Contains(body, "untitled.example · ") {
		t.Errorf("the feed's item listing names the feed beside each item:\n%s", body)
	}

	middle := fmt.Sprintf("/items/%d", stored[1].ID)
	wantPage(t, b, middle, http.StatusOK,
		fmt.Sprintf(`<a href="/items?feed=%d">← All items of untitled.example</a>`, id),
		fmt.Sprintf(`<a href="/items/%d" rel="prev">← Newer: story-c</a>`, stored[2].ID),
		fmt.Sprintf(`<a href="/items/%d" rel="next">Older: story-a →</a>`, stored[0].ID))
	body = wantPage(t, b, fmt.Sprintf("/items/%d", stored[2].ID), http.StatusOK, "Older: story-b")
	if strings.Contains(body, "Newer:") {
		t.Errorf("the newest item links to a newer one:\n%s", body)
	}
}

// TestWebObservationWithoutAnswer checks how a fetch that got no response
// is shown: a server that did not answer, and vigil's own refusal of a
// private address, which asked no server.
func TestWebObservationWithoutAnswer(t *testing.T) {
	refused := (&fetch.AddressError{Addr: netip.MustParseAddr("10.0.0.7"), Reason: "private"}).Error()
	for _, tc := range []struct{ err, status string }{
		{"connection refused", "no answer"},
		{"fetch: " + refused, "refused: private address (--allow-private)"},
	} {
		t.Run(tc.status, func(t *testing.T) {
			e := newEnv(t, Config{})
			alice := e.user("alice")
			id := e.follow(alice, "https://down.example/feed")
			f := vigil.Fetched{FeedID: id, Observation: vigil.Observation{FeedID: id, At: testNow.Add(-time.Minute), Error: tc.err}}
			state := &vigil.Feed{Status: vigil.FeedActive, LastFetch: testNow.Add(-time.Minute), LastError: tc.err, Failures: 1}
			if _, err := e.st.Ingest(t.Context(), f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return state, nil }); err != nil {
				t.Fatal(err)
			}
			b := e.browser()
			b.login(alice)
			body := wantPage(t, b, fmt.Sprintf("/feeds/%d", id), http.StatusOK,
				`<td class="n" data-label="Status">`+tc.status+`</td>`, `<td class="n nowrap" data-label="Latency">—</td>`,
				`<td class="problem" data-label="Error">`+html.EscapeString(tc.err)+`</td>`)
			if strings.Contains(body, ">0s<") {
				t.Errorf("a fetch without an answer shows a latency:\n%s", body)
			}
		})
	}
}

// TestWebNotFound checks that unknown pages get the error page and unknown
// API paths a JSON error.
func TestWebNotFound(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	wantPage(t, b, "/nosuchpage", http.StatusNotFound, "<h1>404 Not Found</h1>", "there is no page at /nosuchpage", `<link rel="icon" href="data:,">`)
	b.login(alice)
	wantPage(t, b, "/nosuchpage/deeper?x=1", http.StatusNotFound, "there is no page at /nosuchpage/deeper", `action="/logout"`)
	wantPage(t, b, "/feeds", http.StatusNotFound, "there is no page at /feeds")

	resp, err := b.client.Get(e.url + "/nosuchpage")
	if err != nil {
		t.Fatal(err)
	}
	answer(t, resp)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("404 page Content-Type %q, want HTML", ct)
	}
	status, body := e.call("GET", "/api/nosuch", alice.token, nil)
	if status != http.StatusNotFound || decode[map[string]any](t, body)["error"] == nil {
		t.Errorf("GET /api/nosuch: status %d, body %s; want a JSON 404", status, body)
	}
}

// olderLink returns the address of a listing's "Older" link.
func olderLink(t *testing.T, body string) string {
	t.Helper()
	return pageLink(t, body, "Older →")
}

// pageLink returns the address of the link with that text.
func pageLink(t *testing.T, body, text string) string {
	t.Helper()
	m := regexp.MustCompile(`<a href="([^"]*)">` + regexp.QuoteMeta(text) + `</a>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no %q link in\n%s", text, body)
	}
	return html.UnescapeString(m[1])
}

func TestWebItemNavigationDeepInAFeed(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://long.example/feed.xml")
	long := make([]vigil.Item, 150)
	for i := range long {
		key := fmt.Sprintf("old-%03d", i)
		long[i] = vigil.Item{Key: key, Title: key, Published: testNow.Add(time.Duration(i-len(long)) * time.Hour)}
	}
	stored := e.ingest(id, nil, long...)
	b := e.browser()
	b.login(alice)
	wantPage(t, b, fmt.Sprintf("/items/%d", stored[1].ID), http.StatusOK,
		fmt.Sprintf(`<a href="/items/%d" rel="prev">← Newer: old-002</a>`, stored[2].ID),
		fmt.Sprintf(`<a href="/items/%d" rel="next">Older: old-000 →</a>`, stored[0].ID))
}
