package greader_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// idsJSON is the answer of stream/items/ids.
type idsJSON struct {
	ItemRefs []struct {
		ID            string `json:"id"`
		TimestampUsec string `json:"timestampUsec"`
	} `json:"itemRefs"`
	Continuation string `json:"continuation"`
}

// contentsJSON is the answer of stream/contents and items/contents.
type contentsJSON struct {
	ID    string `json:"id"`
	Items []struct {
		ID            string   `json:"id"`
		Title         string   `json:"title"`
		Published     int64    `json:"published"`
		TimestampUsec string   `json:"timestampUsec"`
		Categories    []string `json:"categories"`
		Canonical     []struct {
			Href string `json:"href"`
		} `json:"canonical"`
		Origin struct {
			StreamID string `json:"streamId"`
			Title    string `json:"title"`
		} `json:"origin"`
		Summary struct {
			Content string `json:"content"`
		} `json:"summary"`
	} `json:"items"`
	Continuation string `json:"continuation"`
}

// streamFixture gives alice two feeds of three items each, the second in
// folder Tech, and bob a feed of his own; it returns alice's Auth and her
// item IDs oldest first per feed.
func streamFixture(t *testing.T) (*env, tester, string, []int64, []int64) {
	e := newEnv(t)
	alice, bob := e.user("alice"), e.user("bob")
	a := e.ingest(e.follow(alice, "https://a.example/feed"), "a", 3)
	tech := e.follow(alice, "https://t.example/feed")
	if err := e.st.SetFolder(t.Context(), alice.ID, tech, "Tech"); err != nil {
		t.Fatal(err)
	}
	tt := e.ingest(tech, "t", 3)
	e.ingest(e.follow(bob, "https://b.example/feed"), "b", 2)
	return e, alice, e.login("alice", alice.password), a, tt
}

// refs lists the IDs of an items/ids answer as numbers.
func refs(t *testing.T, got idsJSON) []string {
	var ids []string
	for _, r := range got.ItemRefs {
		ids = append(ids, r.ID)
	}
	return ids
}

// decimal lists IDs in the long decimal form.
func decimal(ids ...int64) []string {
	var s []string
	for _, id := range ids {
		s = append(s, itemID(id))
	}
	return s
}

func TestStreamItemIDs(t *testing.T) {
	e, alice, auth, a, tt := streamFixture(t)
	// a0 and t0 were published at the same hour; ties go by ID, newest first.
	if err := e.st.MarkRead(t.Context(), alice.ID, []int64{a[0], tt[2]}, true); err != nil {
		t.Fatal(err)
	}
	if err := e.st.StarItems(t.Context(), alice.ID, []int64{a[1]}, true); err != nil {
		t.Fatal(err)
	}
	all := decimal(tt[2], a[2], tt[1], a[1], tt[0], a[0])
	oldest := slices.Clone(all)
	slices.Reverse(oldest)
	ot := testNow.Add(-2 * 3600e9).Unix()
	tests := []struct {
		query string
		want  []string
	}{
		{"s=user/-/state/com.google/reading-list&n=100", all},
		{"s=user/-/state/com.google/reading-list&r=o&n=100", oldest},
		{"s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=100", decimal(a[2], tt[1], a[1], tt[0])},
		{"s=user/-/state/com.google/starred", decimal(a[1])},
		{"s=user/-/state/com.google/read", decimal(tt[2], a[0])},
		{"s=user/-/state/com.google/reading-list&it=user/-/state/com.google/read", decimal(tt[2], a[0])},
		{"s=user/-/label/Tech", decimal(tt[2], tt[1], tt[0])},
		{"s=" + url.QueryEscape("user/"+fmt.Sprint(alice.ID)+"/label/Tech"), decimal(tt[2], tt[1], tt[0])},
		{"s=feed/" + url.QueryEscape("https://a.example/feed"), decimal(a[2], a[1], a[0])},
		{"s=feed/https://a.example/feed&ot=" + fmt.Sprint(ot), decimal(a[2], a[1])},
		{"s=feed/https://a.example/feed&nt=" + fmt.Sprint(ot), decimal(a[1], a[0])},
	}
	for _, tc := range tests {
		got := getJSON[idsJSON](e, auth, "/reader/api/0/stream/items/ids?output=json&"+tc.query)
		if ids := refs(t, got); !slices.Equal(ids, tc.want) {
			t.Errorf("items/ids?%s = %v, want %v", tc.query, ids, tc.want)
		}
	}
}

func TestStreamContinuation(t *testing.T) {
	e, _, auth, _, _ := streamFixture(t)
	var pages [][]string
	path := "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=4&r=o"
	c := ""
	for range 4 {
		got := getJSON[idsJSON](e, auth, path+"&c="+url.QueryEscape(c))
		pages = append(pages, refs(t, got))
		if c = got.Continuation; c == "" {
			break
		}
	}
	if len(pages) != 2 || len(pages[0]) != 4 || len(pages[1]) != 2 {
		t.Fatalf("pages of 4 over 6 items: %v", pages)
	}
	seen := map[string]bool{}
	for _, id := range slices.Concat(pages...) {
		if seen[id] {
			t.Errorf("item %s listed twice across pages", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"c=garbage", "n=0", "n=x", "r=z", "ot=yesterday", "xt=user/-/label/X", "s=user/-/state/com.google/nonsense", "s=feed/https://b.example/feed"} {
		code, body := e.get(auth, "/reader/api/0/stream/items/ids?"+bad)
		if code != 400 && code != 404 || strings.Contains(body, "vigil.") {
			t.Errorf("items/ids?%s: %d %q, want 400 or 404 with a message", bad, code, body)
		}
	}
}

func TestStreamContents(t *testing.T) {
	e, alice, auth, a, tt := streamFixture(t)
	if err := e.st.StarItems(t.Context(), alice.ID, []int64{tt[2]}, true); err != nil {
		t.Fatal(err)
	}
	got := getJSON[contentsJSON](e, auth, "/reader/api/0/stream/contents/user/-/label/Tech?n=2&output=json")
	if len(got.Items) != 2 || got.Continuation == "" || got.ID != "user/-/label/Tech" {
		t.Fatalf("label stream page: %+v", got)
	}
	it := got.Items[0]
	if it.ID != hexID(tt[2]) || it.Title != "Item t2" || it.Origin.StreamID != "feed/https://t.example/feed" ||
		len(it.Canonical) != 1 || it.Canonical[0].Href != "https://example.com/t2" || it.Published != testNow.Add(-3600e9).Unix() {
		t.Errorf("item = %+v", it)
	}
	for _, c := range []string{"user/-/state/com.google/reading-list", "user/-/state/com.google/starred", "user/-/label/Tech"} {
		if !slices.Contains(it.Categories, c) {
			t.Errorf("categories %v lack %s", it.Categories, c)
		}
	}
	if strings.Contains(it.Summary.Content, "<script") || !strings.Contains(it.Summary.Content, "body") {
		t.Errorf("content not sanitised: %q", it.Summary.Content)
	}
	next := getJSON[contentsJSON](e, auth, "/reader/api/0/stream/contents/user/-/label/Tech?n=2&c="+url.QueryEscape(got.Continuation))
	if len(next.Items) != 1 || next.Items[0].ID != hexID(tt[0]) || next.Continuation != "" {
		t.Errorf("second page: %+v", next)
	}
	feed := getJSON[contentsJSON](e, auth, "/reader/api/0/stream/contents?s="+url.QueryEscape("feed/https://a.example/feed")+"&r=o")
	if len(feed.Items) != 3 || feed.Items[0].ID != hexID(a[0]) {
		t.Errorf("feed stream oldest first: %+v", feed.Items)
	}
	// The stream in the path, as sent raw and escaped, and after a doubled slash.
	for _, path := range []string{"/reader/api/0/stream/contents/feed/https://a.example/feed",
		"/reader/api/0/stream/contents/" + url.PathEscape("feed/https://a.example/feed"),
		"//reader/api/0/stream/contents/feed/https://a.example/feed"} {
		if got := getJSON[contentsJSON](e, auth, path); len(got.Items) != 3 || got.ID != "feed/https://a.example/feed" {
			t.Errorf("GET %s: %d items, stream %q", path, len(got.Items), got.ID)
		}
	}
	// No stream is the reading list, and the answer names it.
	if all := getJSON[contentsJSON](e, auth, "/reader/api/0/stream/contents?n=1"); len(all.Items) != 1 || all.ID != "user/-/state/com.google/reading-list" {
		t.Errorf("stream/contents without a stream: %d items, stream %q", len(all.Items), all.ID)
	}
	// items/contents by the long decimal and the hex form, by POST and GET.
	form := url.Values{"i": {itemID(a[1]), hexID(tt[0]), fmt.Sprintf("%016x", a[2])}}
	code, body := e.post(auth, "/reader/api/0/stream/items/contents?output=json", form)
	if code != 200 || strings.Count(body, `"id":"tag:google.com`) != 3 || !strings.Contains(body, hexID(a[1])) {
		t.Errorf("items/contents POST: %d %s", code, body)
	}
	byGet := getJSON[contentsJSON](e, auth, "/reader/api/0/stream/items/contents?i="+url.QueryEscape(hexID(a[0])))
	if len(byGet.Items) != 1 || byGet.Items[0].ID != hexID(a[0]) {
		t.Errorf("items/contents GET: %+v", byGet)
	}
	if code, _ := e.post(auth, "/reader/api/0/stream/items/contents", url.Values{"i": {"tag:google.com,2005:reader/item/zz"}}); code != 400 {
		t.Errorf("items/contents with a bad ID: %d, want 400", code)
	}
}
