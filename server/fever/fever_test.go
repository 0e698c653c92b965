package fever_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server"
	"vigil/store/sqlite"
)

// testNow is the time the test server runs at.
var testNow = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// env is vigil's whole server on a real SQLite file behind a loopback
// listener, spoken to as a Fever client speaks.
type env struct {
	t   *testing.T
	st  *sqlite.DB
	url string
}

// newEnv starts a server on a new database.
func newEnv(t *testing.T) *env {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv := httptest.NewServer(server.New(st, server.Config{Now: func() time.Time { return testNow }}))
	t.Cleanup(srv.Close)
	return &env{t: t, st: st, url: srv.URL}
}

// user creates a user, sets their Fever password through the REST API and
// returns them with the key a client derives.
func (e *env) user(name string) (*vigil.User, string) {
	e.t.Helper()
	digest, _ := account.HashPassword(name+"-account", 1000)
	u := &vigil.User{Name: name, PasswordHash: digest, TokenHash: account.HashToken(name + "-token"), CreatedAt: testNow}
	if err := e.st.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	pw := name + "-fever-pass"
	if code, body := e.rest("PUT", "/api/me/fever", name+"-token", fmt.Sprintf(`{"password": %q}`, pw)); code != 204 {
		e.t.Fatalf("PUT /api/me/fever: %d %s", code, body)
	}
	sum := md5.Sum([]byte(name + ":" + pw))
	return u, hex.EncodeToString(sum[:])
}

// rest calls vigil's REST API with a Bearer token.
func (e *env) rest(method, path, token, body string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return e.do(req)
}

// do sends a request and returns status and body.
func (e *env) do(req *http.Request) (int, string) {
	e.t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// fever POSTs api_key to /fever/?api&query and decodes the answer.
func (e *env) fever(key, query string) (int, map[string]any) {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.url+"/fever/?api&"+query, strings.NewReader(url.Values{"api_key": {key}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	code, body := e.do(req)
	var out map[string]any
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		e.t.Fatalf("fever %s: %d, not JSON: %s", query, code, body)
	}
	return code, out
}

// ok calls fever and fails unless it answers 200 with auth 1.
func (e *env) ok(key, query string) map[string]any {
	e.t.Helper()
	code, out := e.fever(key, query)
	if code != 200 || out["auth"] != 1.0 || out["api_version"] != 3.0 {
		e.t.Fatalf("fever %s: %d %v", query, code, out)
	}
	return out
}

// fixture gives alice two feeds (the second in folder Tech) of three
// items each and bob one feed; it returns alice, her key, bob's key and
// alice's item IDs per feed, oldest first.
func fixture(t *testing.T) (*env, *vigil.User, string, string, [2]int64, [][]int64) {
	e := newEnv(t)
	alice, key := e.user("alice")
	bob, bobKey := e.user("bob")
	var feeds [2]int64
	var ids [][]int64
	for i, url := range []string{"https://a.example/feed", "https://t.example/feed"} {
		sub, err := e.st.Subscribe(context.Background(), alice.ID, url, 1, testNow)
		if err != nil {
			t.Fatal(err)
		}
		feeds[i] = sub.Feed.ID
		ids = append(ids, e.ingest(sub.Feed.ID, fmt.Sprint(i), 3))
	}
	if err := e.st.SetFolder(context.Background(), alice.ID, feeds[1], "Tech"); err != nil {
		t.Fatal(err)
	}
	sub, _ := e.st.Subscribe(context.Background(), bob.ID, "https://b.example/feed", 1, testNow)
	e.ingest(sub.Feed.ID, "b", 2)
	return e, alice, key, bobKey, feeds, ids
}

// ingest stores n items in a feed, an hour apart, and returns their IDs.
func (e *env) ingest(feedID int64, prefix string, n int) []int64 {
	items := make([]vigil.Item, n)
	for i := range items {
		items[i] = vigil.Item{Key: fmt.Sprintf("%s-%d", prefix, i), Hash: fmt.Sprintf("h%s-%d", prefix, i),
			Title: fmt.Sprintf("Item %s-%d", prefix, i), Content: "<p>hi<script>x()</script></p>",
			URL: fmt.Sprintf("https://example.com/%s-%d", prefix, i), Published: testNow.Add(-time.Duration(n-i) * time.Hour)}
	}
	got, err := e.st.Ingest(context.Background(), vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: testNow, Status: 200}, Items: items},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []int64
	for _, it := range got.New {
		ids = append(ids, it.ID)
	}
	return ids
}

// ingestAt stores one item that vigil first sees at seen though it is
// dated published, and returns its ID.
func (e *env) ingestAt(feedID int64, key string, seen, published time.Time) int64 {
	item := vigil.Item{Key: key, Hash: "h" + key, Title: "Item " + key, URL: "https://example.com/" + key, Published: published}
	got, err := e.st.Ingest(context.Background(), vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: seen, Status: 200}, Items: []vigil.Item{item}},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil || len(got.New) != 1 {
		e.t.Fatalf("ingesting %s: %v", key, err)
	}
	return got.New[0].ID
}

func TestFeverAuth(t *testing.T) {
	e, _, key, _, _, _ := fixture(t)
	e.ok(key, "")
	e.ok(strings.ToUpper(key), "")                       // hex in either case
	accountKey := md5.Sum([]byte("alice:alice-account")) // the account password never logs in here
	for _, bad := range []string{"", "0123456789abcdef0123456789abcdef", hex.EncodeToString(accountKey[:])} {
		code, out := e.fever(bad, "groups")
		if code != 200 || out["auth"] != 0.0 || out["groups"] != nil {
			t.Errorf("api_key %q: %d %v, want auth 0 and nothing else", bad, code, out)
		}
	}
	// The account password is refused as a Fever password.
	if code, _ := e.rest("PUT", "/api/me/fever", "alice-token", `{"password": "alice-account"}`); code != 400 {
		t.Errorf("account password as Fever password: %d, want 400", code)
	}
	if code, _ := e.rest("PUT", "/api/me/fever", "alice-token", `{"password": "short"}`); code != 400 {
		t.Errorf("short Fever password: %d, want 400", code)
	}
	// A multipart body, as some clients send.
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("api_key", key)
	mw.Close()
	req, _ := http.NewRequest("POST", e.url+"/fever?api", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if code, body := e.do(req); code != 200 || !strings.Contains(body, `"auth":1`) {
		t.Errorf("multipart login at /fever: %d %s", code, body)
	}
	if code, _ := e.rest("DELETE", "/api/me/fever", "alice-token", ""); code != 204 {
		t.Fatalf("DELETE /api/me/fever: %d", code)
	}
	if _, out := e.fever(key, ""); out["auth"] != 0.0 {
		t.Errorf("key still works after DELETE: %v", out)
	}
}

func TestFeverGroupsAndFeeds(t *testing.T) {
	e, _, key, _, feeds, _ := fixture(t)
	out := e.ok(key, "groups&feeds")
	groups := out["groups"].([]any)
	if len(groups) != 1 || groups[0].(map[string]any)["title"] != "Tech" {
		t.Fatalf("groups = %v", groups)
	}
	gid := groups[0].(map[string]any)["id"]
	fg := out["feeds_groups"].([]any)
	if len(fg) != 1 || fg[0].(map[string]any)["group_id"] != gid || fg[0].(map[string]any)["feed_ids"] != fmt.Sprint(feeds[1]) {
		t.Errorf("feeds_groups = %v", fg)
	}
	list := out["feeds"].([]any)
	if len(list) != 2 || strings.Contains(fmt.Sprint(list), "b.example") {
		t.Errorf("feeds = %v", list)
	}
	// The group's ID is stable: the same on a later request.
	if again := e.ok(key, "groups")["groups"].([]any)[0].(map[string]any)["id"]; again != gid {
		t.Errorf("group ID changed from %v to %v", gid, again)
	}
}

// idsOf reads the item IDs of an items answer.
func idsOf(out map[string]any) []int64 {
	var ids []int64
	for _, it := range out["items"].([]any) {
		ids = append(ids, int64(it.(map[string]any)["id"].(float64)))
	}
	return ids
}

func TestFeverItems(t *testing.T) {
	e, alice, key, _, _, ids := fixture(t)
	all := slices.Concat(ids[0], ids[1])
	slices.Sort(all)
	newest := slices.Clone(all)
	slices.Reverse(newest)
	tests := []struct {
		query string
		want  []int64
	}{
		{"items", newest},
		{"items&since_id=0", all},
		{fmt.Sprintf("items&since_id=%d", all[3]), all[4:]},
		{fmt.Sprintf("items&max_id=%d", all[2]), []int64{all[1], all[0]}},
		{fmt.Sprintf("items&with_ids=%d,%d", all[5], all[0]), []int64{all[5], all[0]}},
	}
	for _, tc := range tests {
		out := e.ok(key, tc.query)
		if got := idsOf(out); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.query, got, tc.want)
		}
		if out["total_items"] != 6.0 {
			t.Errorf("%s: total_items %v, want 6", tc.query, out["total_items"])
		}
	}
	it := e.ok(key, fmt.Sprintf("items&with_ids=%d", ids[0][2]))["items"].([]any)[0].(map[string]any)
	if it["title"] != "Item 0-2" || it["url"] != "https://example.com/0-2" || it["is_read"] != 0.0 ||
		it["created_on_time"] != float64(testNow.Add(-time.Hour).Unix()) || strings.Contains(it["html"].(string), "script") {
		t.Errorf("item = %v", it)
	}
	for _, bad := range []string{"items&since_id=x", "items&with_ids=1,y", "mark=item&as=eaten&id=1", "mark=feed&as=unread&id=1", "mark=thing&as=read&id=1"} {
		if code, out := e.fever(key, bad); code != 400 || out["error"] == nil {
			t.Errorf("%s: %d %v, want 400 with an error", bad, code, out)
		}
	}
	if read, _ := e.st.ItemsByID(context.Background(), alice.ID, all); read[0].Read {
		t.Error("a refused mark changed an item")
	}
}

func TestFeverMarks(t *testing.T) {
	e, alice, key, bobKey, feeds, ids := fixture(t)
	a, tech := ids[0], ids[1]
	e.ok(key, fmt.Sprintf("mark=item&as=read&id=%d", a[0]))
	e.ok(key, fmt.Sprintf("mark=item&as=saved&id=%d", a[1]))
	out := e.ok(key, "unread_item_ids&saved_item_ids")
	if out["saved_item_ids"] != fmt.Sprint(a[1]) || strings.Contains(","+out["unread_item_ids"].(string)+",", fmt.Sprintf(",%d,", a[0])) {
		t.Errorf("after marks: %v", out)
	}
	e.ok(key, fmt.Sprintf("mark=item&as=unsaved&id=%d", a[1]))
	e.ok(key, fmt.Sprintf("mark=item&as=unread&id=%d", a[0]))
	if out := e.ok(key, "saved_item_ids&unread_item_ids"); out["saved_item_ids"] != "" || len(strings.Split(out["unread_item_ids"].(string), ",")) != 6 {
		t.Errorf("after unmarking: %v", out)
	}
	// A feed up to before: the items vigil had seen by then, whatever
	// their dates. Feed A's three arrived at testNow; late arrives an hour
	// after it, dated ten hours before.
	// half arrives half a second after testNow: before, in whole seconds,
	// covers the second it names to its end.
	late := e.ingestAt(feeds[0], "late", testNow.Add(time.Hour), testNow.Add(-10*time.Hour))
	half := e.ingestAt(feeds[0], "half", testNow.Add(500*time.Millisecond), testNow.Add(-10*time.Hour))
	readOf := func() []int64 {
		items, _ := e.st.ItemsByID(context.Background(), alice.ID, slices.Concat(a, tech, []int64{half, late}))
		var read []int64
		for _, it := range items {
			if it.Read {
				read = append(read, it.ID)
			}
		}
		return read
	}
	e.ok(key, fmt.Sprintf("mark=feed&as=read&id=%d&before=%d", feeds[0], testNow.Add(-time.Second).Unix()))
	if read := readOf(); len(read) != 0 {
		t.Errorf("read after marking feed A before its items arrived: %v, want none", read)
	}
	e.ok(key, fmt.Sprintf("mark=feed&as=read&id=%d&before=%d", feeds[0], testNow.Unix()))
	if read, want := readOf(), append(slices.Clone(a), half); !slices.Equal(read, want) {
		t.Errorf("read after marking feed A before they arrived: %v, want %v (not the late item)", read, want)
	}
	gid := int64(e.ok(key, "groups")["groups"].([]any)[0].(map[string]any)["id"].(float64))
	e.ok(key, fmt.Sprintf("mark=group&as=read&id=%d&before=%d", gid, testNow.Unix()))
	if out := e.ok(key, "unread_item_ids"); out["unread_item_ids"] != fmt.Sprint(late) {
		t.Errorf("unread after marking group Tech: %v, want %d", out["unread_item_ids"], late)
	}
	e.ok(key, "mark=group&as=read&id=0")
	if out := e.ok(key, "unread_item_ids"); out["unread_item_ids"] != "" {
		t.Errorf("unread after marking group 0: %v", out["unread_item_ids"])
	}
	// Bob can neither see nor mark alice's items or feeds.
	if code, _ := e.fever(bobKey, fmt.Sprintf("mark=item&as=saved&id=%d", a[2])); code != 404 {
		t.Errorf("bob marking alice's item: %d, want 404", code)
	}
	if code, _ := e.fever(bobKey, fmt.Sprintf("mark=feed&as=read&id=%d", feeds[0])); code != 404 {
		t.Errorf("bob marking alice's feed: %d, want 404", code)
	}
	if out := e.ok(bobKey, fmt.Sprintf("items&with_ids=%d&feeds&groups", a[2])); len(idsOf(out)) != 0 || strings.Contains(fmt.Sprint(out), "a.example") || strings.Contains(fmt.Sprint(out), "Tech") {
		t.Errorf("bob sees alice's data: %v", out)
	}
}

func TestFeverLockout(t *testing.T) {
	e, _, key, _, _, _ := fixture(t)
	for i := range 10 {
		if _, out := e.fever("00000000000000000000000000000000", ""); out["auth"] != 0.0 {
			t.Fatalf("wrong key %d: %v", i+1, out)
		}
	}
	if code, out := e.fever(key, ""); code != http.StatusTooManyRequests || out["auth"] == 1.0 {
		t.Errorf("right key after 10 wrong ones: %d %v, want 429", code, out)
	}
}
