package greader_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestEditTag(t *testing.T) {
	e, alice, auth, a, tt := streamFixture(t)
	steps := []struct {
		form               url.Values
		code               int
		id                 int64
		wantRead, wantStar bool
	}{
		{url.Values{"i": {hexID(a[0])}, "a": {"user/-/state/com.google/read"}}, 200, a[0], true, false},
		{url.Values{"i": {itemID(a[1])}, "a": {"user/-/state/com.google/starred"}}, 200, a[1], false, true},
		{url.Values{"i": {fmt.Sprintf("%016x", tt[0])}, "a": {"user/" + fmt.Sprint(alice.ID) + "/state/com.google/read", "user/-/state/com.google/starred"}}, 200, tt[0], true, true},
		// newsboat's "unread": remove read, add kept-unread and tracking-kept-unread.
		{url.Values{"i": {hexID(a[0])}, "r": {"user/-/state/com.google/read"}, "a": {"user/-/state/com.google/kept-unread", "user/-/state/com.google/tracking-kept-unread"}}, 200, a[0], false, false},
		{url.Values{"i": {itemID(a[1])}, "r": {"user/-/state/com.google/starred"}}, 200, a[1], false, false},
		{url.Values{"i": {itemID(a[2])}, "a": {"user/-/label/Mine"}}, 400, a[2], false, false},
		{url.Values{"i": {"not-an-id"}, "a": {"user/-/state/com.google/read"}}, 400, a[2], false, false},
		{url.Values{"a": {"user/-/state/com.google/read"}}, 400, a[2], false, false},
		// All or none: an unknown item refuses the whole edit.
		{url.Values{"i": {itemID(a[2]), "99999"}, "a": {"user/-/state/com.google/read"}}, 404, a[2], false, false},
	}
	for _, st := range steps {
		code, body := e.post(auth, "/reader/api/0/edit-tag", st.form)
		if code != st.code || code == 200 && body != "OK" {
			t.Errorf("edit-tag %v: %d %q, want %d", st.form, code, body, st.code)
		}
		if read, star := e.state(alice, st.id); read != st.wantRead || star != st.wantStar {
			t.Errorf("after edit-tag %v: item %d read %v starred %v, want %v %v", st.form, st.id, read, star, st.wantRead, st.wantStar)
		}
	}
}

func TestMarkAllAsRead(t *testing.T) {
	e, alice, auth, a, tt := streamFixture(t)
	mark := "/reader/api/0/mark-all-as-read"
	// ts is on the clock of the timestampUsec the API serves (the items'
	// sort time): a client that sends back an item's timestampUsec marks
	// that item and the older ones, to the end of the microsecond (n is
	// published with nanoseconds, between a1 and a2), and in seconds to the
	// end of the second.
	items, err := e.st.ItemsByID(t.Context(), alice.ID, a[:1])
	if err != nil || len(items) != 1 {
		t.Fatal(err)
	}
	n := e.ingestLate(items[0].FeedID, "n", testNow, testNow.Add(-90*time.Minute+123456789))
	got := getJSON[idsJSON](e, auth, "/reader/api/0/stream/items/ids?output=json&s=feed/https://a.example/feed")
	stamps := map[string]string{}
	for _, r := range got.ItemRefs {
		stamps[r.ID] = r.TimestampUsec
	}
	steps := []struct {
		ts   string
		want []bool // a0, a1, n, a2
	}{
		{fmt.Sprint(testNow.Add(-4 * time.Hour).Unix()), []bool{false, false, false, false}},
		{stamps[fmt.Sprint(a[1])], []bool{true, true, false, false}},
		{stamps[fmt.Sprint(n)], []bool{true, true, true, false}},
		{fmt.Sprint(testNow.Add(-time.Hour).Unix()), []bool{true, true, true, true}},
	}
	for _, st := range steps {
		if code, body := e.post(auth, mark, url.Values{"s": {"feed/https://a.example/feed"}, "ts": {st.ts}}); code != 200 || body != "OK" {
			t.Fatalf("mark-all-as-read: %d %q", code, body)
		}
		for i, id := range []int64{a[0], a[1], n, a[2]} {
			if got := e.read(alice, id); got != st.want[i] {
				t.Errorf("ts %s: item %d of feed A read = %v, want %v", st.ts, i, got, st.want[i])
			}
		}
	}
	if e.read(alice, tt[0]) {
		t.Error("marking feed A read touched feed T")
	}
	if code, _ := e.post(auth, mark, url.Values{"s": {"user/-/label/Tech"}}); code != 200 {
		t.Errorf("mark-all-as-read of a label: %d", code)
	}
	for i := range tt {
		if !e.read(alice, tt[i]) {
			t.Errorf("t%d unread after marking its label read", i)
		}
	}
	for _, bad := range []url.Values{{"s": {"user/-/state/com.google/reading-list"}, "ts": {"soon"}}, {"s": {"bogus"}}, {"ts": {"1"}}} {
		if code, _ := e.post(auth, mark, bad); code != 400 {
			t.Errorf("mark-all-as-read %v: %d, want 400", bad, code)
		}
	}
	if code, _ := e.post(auth, mark, url.Values{"s": {"user/-/state/com.google/reading-list"}}); code != 200 || !e.read(alice, a[2]) {
		t.Errorf("mark-all-as-read of the reading list: %d, a2 read %v", code, e.read(alice, a[2]))
	}
}

func TestUserIsolation(t *testing.T) {
	e, alice, _, a, _ := streamFixture(t)
	bob := e.user("bobby")
	e.follow(bob, "https://b2.example/feed")
	bobAuth := e.login("bobby", bob.token)
	checks := []struct {
		method, path string
		form         url.Values
		code         int
	}{
		{"GET", "/reader/api/0/stream/contents/feed/https://a.example/feed", nil, 404},
		{"GET", "/reader/api/0/stream/items/ids?s=feed/https://a.example/feed", nil, 404},
		{"POST", "/reader/api/0/edit-tag", url.Values{"i": {hexID(a[0])}, "a": {"user/-/state/com.google/read"}}, 404},
		{"POST", "/reader/api/0/subscription/edit", url.Values{"ac": {"unsubscribe"}, "s": {"feed/https://a.example/feed"}}, 404},
		{"POST", "/reader/api/0/mark-all-as-read", url.Values{"s": {"feed/https://a.example/feed"}}, 404},
	}
	for _, c := range checks {
		var code int
		var body string
		if c.method == "GET" {
			code, body = e.get(bobAuth, c.path)
		} else {
			code, body = e.post(bobAuth, c.path, c.form)
		}
		if code != c.code {
			t.Errorf("bob %s %s: %d %q, want %d", c.method, c.path, code, body, c.code)
		}
	}
	code, body := e.post(bobAuth, "/reader/api/0/stream/items/contents", url.Values{"i": {hexID(a[0])}})
	if code != 200 || strings.Contains(body, "Item a0") {
		t.Errorf("bob reads alice's item by ID: %d %s", code, body)
	}
	for _, path := range []string{"/reader/api/0/subscription/list", "/reader/api/0/unread-count", "/reader/api/0/tag/list", "/reader/api/0/stream/contents/user/-/state/com.google/reading-list"} {
		_, body := e.get(bobAuth, path)
		if strings.Contains(body, "a.example") || strings.Contains(body, "Tech") {
			t.Errorf("bob's %s shows alice's data: %s", path, body)
		}
	}
	if e.read(alice, a[0]) {
		t.Error("bob's edit changed alice's item")
	}
}

func TestAtomStream(t *testing.T) {
	e, alice, auth, a, _ := streamFixture(t)
	if err := e.st.MarkRead(t.Context(), alice.ID, []int64{a[2]}, true); err != nil {
		t.Fatal(err)
	}
	// newsboat asks for the feed's stream ID escaped as one path segment.
	code, body := e.get(auth, "/reader/atom/"+url.PathEscape("feed/https://a.example/feed")+"?n=2")
	if code != 200 || !strings.HasPrefix(body, "<?xml") {
		t.Fatalf("atom: %d %s", code, body)
	}
	for _, has := range []string{"<title>https://a.example/feed</title>", "<id>" + hexID(a[2]) + "</id>", "<id>" + hexID(a[1]) + "</id>",
		`term="user/-/state/com.google/read"`, `href="https://example.com/a2"`} {
		if !strings.Contains(body, has) {
			t.Errorf("atom lacks %s:\n%s", has, body)
		}
	}
	if strings.Contains(body, hexID(a[0])) {
		t.Errorf("atom with n=2 has a third item:\n%s", body)
	}
	if code, _ := e.get(auth, "/reader/atom/user/-/state/com.google/starred"); code != 200 {
		t.Errorf("atom of the starred state: %d", code)
	}
}
