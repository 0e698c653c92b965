package greader_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// subscriptionsJSON is the answer of subscription/list.
type subscriptionsJSON struct {
	Subscriptions []struct {
		ID         string `json:"id"`
		Title      string `json:"title"`
		URL        string `json:"url"`
		Categories []struct {
			ID    string `json:"id"`
			Label string `json:"label"`
		} `json:"categories"`
	} `json:"subscriptions"`
}

func TestSubscriptionEdit(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	auth := e.login("alice", alice.password)
	edit := "/reader/api/0/subscription/edit"

	code, body := e.post(auth, "/reader/api/0/subscription/quickadd", url.Values{"quickurl": {"HTTPS://Quick.example/feed"}})
	var quick map[string]any
	json.Unmarshal([]byte(body), &quick)
	if code != 200 || quick["streamId"] != "feed/https://quick.example/feed" {
		t.Fatalf("quickadd: %d %s", code, body)
	}
	steps := []struct {
		form url.Values
		code int
	}{
		{url.Values{"ac": {"subscribe"}, "s": {"feed/https://a.example/feed"}, "t": {"Alpha"}, "a": {"user/-/label/News"}}, 200},
		{url.Values{"ac": {"edit"}, "s": {"feed/https://quick.example/feed"}, "a": {"user/-/label/News"}}, 200},
		{url.Values{"ac": {"edit"}, "s": {"feed/https://a.example/feed"}, "r": {"user/-/label/News"}, "a": {"user/-/label/Tech"}, "t": {"Alpha 2"}}, 200},
		{url.Values{"ac": {"subscribe"}, "s": {"feed/https://gone.example/feed"}}, 200},
		{url.Values{"ac": {"unsubscribe"}, "s": {"feed/https://gone.example/feed"}}, 200},
		{url.Values{"ac": {"rename"}, "s": {"feed/https://a.example/feed"}}, 400},
		{url.Values{"ac": {"edit"}, "s": {"feed/https://nope.example/feed"}, "t": {"x"}}, 404},
		{url.Values{"ac": {"edit"}, "s": {"feed/https://a.example/feed"}, "a": {"user/-/state/com.google/starred"}}, 400},
		{url.Values{"ac": {"subscribe"}, "s": {"feed/gopher://x/"}}, 400},
		{url.Values{"ac": {"edit"}}, 400},
	}
	for _, st := range steps {
		if code, body := e.post(auth, edit, st.form); code != st.code || code == 200 && body != "OK" {
			t.Errorf("subscription/edit %v: %d %q, want %d", st.form, code, body, st.code)
		}
	}
	list := getJSON[subscriptionsJSON](e, auth, "/reader/api/0/subscription/list?output=json")
	got := map[string]string{}
	for _, s := range list.Subscriptions {
		label := ""
		if len(s.Categories) == 1 {
			label = s.Categories[0].ID + "=" + s.Categories[0].Label
		}
		got[s.ID] = s.Title + "|" + label
	}
	want := map[string]string{
		"feed/https://a.example/feed":     "Alpha 2|user/-/label/Tech=Tech",
		"feed/https://quick.example/feed": "https://quick.example/feed|user/-/label/News=News",
	}
	if len(got) != len(want) {
		t.Errorf("subscription/list = %v, want %v", got, want)
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("subscription %s = %q, want %q", id, got[id], w)
		}
	}
	_, tags := e.get(auth, "/reader/api/0/tag/list?output=json")
	for _, label := range []string{`"user/-/state/com.google/starred"`, `"user/-/label/News"`, `"user/-/label/Tech"`} {
		if !strings.Contains(tags, label) {
			t.Errorf("tag/list %s lacks %s", tags, label)
		}
	}
	// The folder shows in vigil's own API as well: it is the same data.
	subs, err := e.st.Subscriptions(t.Context(), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if s.Feed.URL == "https://a.example/feed" && (s.Folder != "Tech" || s.Title != "Alpha 2") {
			t.Errorf("stored subscription %+v", s)
		}
	}
}

func TestUnreadCount(t *testing.T) {
	e, alice, auth, a, tt := streamFixture(t)
	if err := e.st.MarkRead(t.Context(), alice.ID, []int64{a[0], tt[0], tt[1]}, true); err != nil {
		t.Fatal(err)
	}
	got := getJSON[struct {
		Max          int `json:"max"`
		Unreadcounts []struct {
			ID     string `json:"id"`
			Count  int    `json:"count"`
			Newest string `json:"newestItemTimestampUsec"`
		} `json:"unreadcounts"`
	}](e, auth, "/reader/api/0/unread-count?output=json")
	counts := map[string]int{}
	for _, c := range got.Unreadcounts {
		counts[c.ID] = c.Count
		if c.ID == "user/-/label/Tech" && c.Newest != strconv.FormatInt(testNow.Add(-3600e9).UnixMicro(), 10) {
			t.Errorf("Tech's newest item at %s", c.Newest)
		}
	}
	want := map[string]int{
		"feed/https://a.example/feed": 2, "feed/https://t.example/feed": 1,
		"user/-/label/Tech": 1, "user/-/state/com.google/reading-list": 3,
	}
	if len(counts) != len(want) || got.Max != 3 {
		t.Errorf("unread-count = %v (max %d), want %v", counts, got.Max, want)
	}
	for id, n := range want {
		if counts[id] != n {
			t.Errorf("unread count of %s = %d, want %d", id, counts[id], n)
		}
	}
}

func TestRenameAndDisableTag(t *testing.T) {
	e := newEnv(t)
	alice, bob := e.user("alice"), e.user("bob")
	a, b := e.follow(alice, "https://a.example/feed"), e.follow(alice, "https://b.example/feed")
	bobs := e.follow(bob, "https://a.example/feed")
	for _, f := range []struct {
		user tester
		feed int64
	}{{alice, a}, {alice, b}, {bob, bobs}} {
		if err := e.st.SetFolder(t.Context(), f.user.ID, f.feed, "Old"); err != nil {
			t.Fatal(err)
		}
	}
	auth := e.login("alice", alice.password)
	folders := func(u tester) []string {
		subs, err := e.st.Subscriptions(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		var f []string
		for _, s := range subs {
			f = append(f, s.Folder)
		}
		return f
	}
	if code, body := e.post(auth, "/reader/api/0/rename-tag", url.Values{"s": {"user/-/label/Old"}, "dest": {"user/-/label/New"}}); code != 200 || body != "OK" {
		t.Fatalf("rename-tag: %d %q", code, body)
	}
	if got := folders(alice); len(got) != 2 || got[0] != "New" || got[1] != "New" {
		t.Errorf("alice's folders after rename-tag: %v", got)
	}
	if got := folders(bob); got[0] != "Old" {
		t.Errorf("alice's rename moved bob's folder: %v", got)
	}
	if code, _ := e.post(auth, "/reader/api/0/rename-tag", url.Values{"s": {"user/-/label/Old"}, "dest": {"user/-/label/X"}}); code != 404 {
		t.Errorf("rename-tag of a folder alice no longer has: %d, want 404", code)
	}
	if code, _ := e.post(auth, "/reader/api/0/rename-tag", url.Values{"s": {"user/-/label/New"}, "dest": {"feed/x"}}); code != 400 {
		t.Errorf("rename-tag to a non-label: %d, want 400", code)
	}
	if code, body := e.post(auth, "/reader/api/0/disable-tag", url.Values{"s": {"user/-/label/New"}}); code != 200 || body != "OK" {
		t.Fatalf("disable-tag: %d %q", code, body)
	}
	if got := folders(alice); len(got) != 2 || got[0] != "" || got[1] != "" {
		t.Errorf("alice's folders after disable-tag: %v; want both feeds kept at the top level", got)
	}
}
