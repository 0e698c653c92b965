package export

import (
	"bytes"
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/opml"
	"vigil/store"
	"vigil/store/sqlite"
)

// t0 is the time every test store is given.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newStore opens a fresh SQLite store with the named users.
func newStore(t *testing.T, names ...string) (store.Store, []*vigil.User) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	users := make([]*vigil.User, len(names))
	for i, name := range names {
		users[i] = &vigil.User{Name: name, PasswordHash: "x", TokenHash: name + "-token", CreatedAt: t0}
		if err := st.CreateUser(context.Background(), users[i]); err != nil {
			t.Fatal(err)
		}
	}
	return st, users
}

// storeFollow follows through the store itself.
func storeFollow(st store.Store) Follow {
	return Follow{
		Feed: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return st.Subscribe(ctx, userID, url, weight, t0)
		},
		Page: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return st.FollowPage(ctx, userID, url, weight, t0)
		},
	}
}

// basePage is the settings of a newly watched page as Collect reports them.
func basePage() PageSettings {
	return PageSettings{Kinds: []string{"text"}, Ignore: []string{}, Threshold: "significant", Frequency: "daily", Conditions: []string{}}
}

// setPage stores p on the user's page through the store's setters.
func setPage(t *testing.T, st store.Store, userID, feedID int64, p PageSettings) {
	t.Helper()
	ctx := context.Background()
	conds := make([]vigil.Condition, len(p.Conditions))
	for i, s := range p.Conditions {
		c, err := vigil.ParseCondition(s)
		if err != nil {
			t.Fatal(err)
		}
		conds[i] = c
	}
	for _, err := range []error{
		st.SetPageKinds(ctx, userID, feedID, p.Kinds),
		st.SetPageSelector(ctx, userID, feedID, p.Selector),
		st.SetPageIgnore(ctx, userID, feedID, p.Ignore),
		st.SetPageReturns(ctx, userID, feedID, p.Returns),
		st.SetPageReading(ctx, userID, feedID, vigil.PageReading{Render: p.Render, WaitFor: p.WaitFor, XPath: p.XPath, JQ: p.JQ}),
		st.SetPageFollow(ctx, vigil.PageFollow{UserID: userID, FeedID: feedID, Threshold: p.Threshold, Frequency: p.Frequency}),
		st.SetPageConditions(ctx, userID, feedID, conds),
		st.SetPageNoiseForgotten(ctx, userID, feedID, p.NoiseUndone),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// settingCases change one setting of basePage each.
var settingCases = []struct {
	name string
	set  func(p *PageSettings)
}{
	{"defaults", func(p *PageSettings) {}},
	{"kinds", func(p *PageSettings) { p.Kinds = []string{"links", "images"} }},
	{"no kinds", func(p *PageSettings) { p.Kinds = []string{} }},
	{"selector", func(p *PageSettings) { p.Selector = `div.price > span[data-x="a,b"]` }},
	{"ignore", func(p *PageSettings) { p.Ignore = []string{`^Visitors: \d+$`, `a,b|"c"`, "<tab>\t&amp;"} }},
	{"returns", func(p *PageSettings) { p.Returns = 5 }},
	{"render and wait for", func(p *PageSettings) { p.Render, p.WaitFor = true, "#ready" }},
	{"xpath", func(p *PageSettings) { p.XPath = `//div[@id='main']` }},
	{"jq", func(p *PageSettings) { p.JQ = ".items[0].price" }},
	{"threshold", func(p *PageSettings) { p.Threshold = "important" }},
	{"frequency", func(p *PageSettings) { p.Frequency = "monthly" }},
	{"undone noise", func(p *PageSettings) { p.NoiseUndone = []string{"numbers:body/p#views:0", "param:v"} }},
	{"conditions", func(p *PageSettings) {
		p.Conditions = []string{"appears:In stock, \"now\"", "below:20@.price", "changes-by:10"}
	}},
}

// exportForms write entries and read them back, as OPML and as JSON.
var exportForms = []struct {
	name  string
	write func(w *bytes.Buffer, entries []Entry) error
}{
	{"opml", func(w *bytes.Buffer, entries []Entry) error {
		return opml.Write(w, "t", ToOutlines(entries), t0)
	}},
	{"json", func(w *bytes.Buffer, entries []Entry) error { return WriteJSON(w, "ann", entries, t0) }},
}

// TestRoundTrip exports a page with each setting and a feed, imports the
// file into a fresh store and checks that the page and follower settings
// and the feed come back the same.
func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, form := range exportForms {
		for _, tt := range settingCases {
			t.Run(form.name+"/"+tt.name, func(t *testing.T) {
				src, users := newStore(t, "ann")
				ann := users[0]
				want := basePage()
				tt.set(&want)
				page, err := src.FollowPage(ctx, ann.ID, "https://example.com/shop", 1, t0)
				if err != nil {
					t.Fatal(err)
				}
				setPage(t, src, ann.ID, page.Feed.ID, want)
				if err := src.SetFolder(ctx, ann.ID, page.Feed.ID, "Shops/Books"); err != nil {
					t.Fatal(err)
				}
				if _, err := src.Subscribe(ctx, ann.ID, "https://example.com/feed.xml", 1, t0); err != nil {
					t.Fatal(err)
				}
				exported, err := Collect(ctx, src, ann.ID)
				if err != nil {
					t.Fatal(err)
				}
				var file bytes.Buffer
				if err := form.write(&file, exported); err != nil {
					t.Fatal(err)
				}
				entries, notes, err := Read(&file)
				if err != nil || len(notes) > 0 {
					t.Fatalf("Read: %v %v\n%s", err, notes, file.String())
				}
				dst, users := newStore(t, "ann")
				res, err := Import(ctx, dst, storeFollow(dst), users[0].ID, entries, nil)
				if err != nil || res.Added != 2 || len(res.Notes)+len(res.Skipped) > 0 {
					t.Fatalf("Import = %+v, %v", res, err)
				}
				got, err := Collect(ctx, dst, users[0].ID)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, exported) {
					t.Errorf("imported %+v, exported %+v", describeAll(got), describeAll(exported))
				}
				if i := pageIndex(got); i < 0 || !reflect.DeepEqual(*got[i].Page, want) {
					t.Errorf("page settings came back as %+v, want %+v", got, want)
				}
			})
		}
	}
}

// pageIndex returns the index of the first page among entries, or -1.
func pageIndex(entries []Entry) int {
	for i, e := range entries {
		if e.Page != nil {
			return i
		}
	}
	return -1
}

// describeAll shows entries with their page settings for a message.
func describeAll(entries []Entry) []any {
	out := make([]any, len(entries))
	for i, e := range entries {
		if e.Page != nil {
			out[i] = []any{e.URL, e.Folder, *e.Page}
			continue
		}
		out[i] = []any{e.URL, e.Folder}
	}
	return out
}

// TestJSONKeepsNameAndWeight exports a feed with the user's own name, a
// weight and a folder as JSON, imports it for another user and checks that
// all three come back; a version-1 document, which has neither, imports
// at weight 1 under the feed's title, and a weight the store refuses
// skips its entry, naming it.
func TestJSONKeepsNameAndWeight(t *testing.T) {
	ctx := context.Background()
	src, users := newStore(t, "ann")
	ann := users[0]
	sub, err := src.Subscribe(ctx, ann.ID, "https://example.com/thirty.xml", 2.5, t0)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{src.RenameSubscription(ctx, ann.ID, sub.Feed.ID, "My Thirty"), src.SetFolder(ctx, ann.ID, sub.Feed.ID, "Space/Stars")} {
		if err != nil {
			t.Fatal(err)
		}
	}
	exported, err := Collect(ctx, src, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := WriteJSON(&file, "ann", exported, t0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		doc        string
		wantName   string
		wantWeight float64
		skipped    int
	}{
		{"version 2", file.String(), "My Thirty", 2.5, 0},
		{"version 1", `{"format":"vigil-export","version":1,"user":"ann","created":"2026-03-01T12:00:00Z","subscriptions":[{"title":"Thirty","url":"https://example.com/thirty.xml"}]}`, "", 1, 0},
		{"a refused weight", `{"format":"vigil-export","version":2,"user":"ann","created":"2026-03-01T12:00:00Z","subscriptions":[{"url":"https://example.com/thirty.xml","weight":-2}]}`, "", 0, 1},
		{"a refused name", `{"format":"vigil-export","version":2,"user":"ann","created":"2026-03-01T12:00:00Z","subscriptions":[{"url":"https://example.com/thirty.xml","name":"` + strings.Repeat("n", 2000) + `"}]}`, "", 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dst, users := newStore(t, "carol")
			carol := users[0]
			entries, _, err := Read(bytes.NewBufferString(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Import(ctx, dst, storeFollow(dst), carol.ID, entries, nil)
			if err != nil || len(res.Skipped) != tc.skipped {
				t.Fatalf("Import = %+v, %v; want %d skipped", res, err, tc.skipped)
			}
			subs, err := dst.Subscriptions(ctx, carol.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tc.skipped > 0 {
				if len(subs) != 0 || !strings.Contains(res.Skipped[0], "thirty.xml") {
					t.Errorf("%s: %d subscriptions, skipped %q", tc.name, len(subs), res.Skipped)
				}
				return
			}
			if len(subs) != 1 || subs[0].Title != tc.wantName || subs[0].Weight != tc.wantWeight {
				t.Fatalf("imported %+v, want name %q weight %v", subs, tc.wantName, tc.wantWeight)
			}
			if tc.wantName != "" && subs[0].Folder != "Space/Stars" {
				t.Errorf("folder %q, want Space/Stars", subs[0].Folder)
			}
		})
	}
}
