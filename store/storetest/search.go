package storetest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// textItem is an item with a title and HTML content, hashed on both so that
// a changed text is an edit.
func textItem(key, title, content string, published time.Time) vigil.Item {
	return vigil.Item{Key: key, Hash: key + "|" + title + "|" + content, Title: title, Content: content, Published: published}
}

// searchKeys runs a search and returns the keys found, in order.
func searchKeys(t *testing.T, db store.Store, userID int64, query string) []string {
	t.Helper()
	items, err := db.SearchItems(ctx, userID, query, 0)
	if err != nil {
		t.Fatalf("SearchItems(%d, %q): %v", userID, query, err)
	}
	return itemKeys(items)
}

func testSearchRanksTitleAboveBodyThenNewest(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://birds.example/feed")
	filler := "<p>" + strings.Repeat("a walk along the river bank in the morning ", 3) + "</p>"
	mustIngest(t, db, id, t0, []vigil.Item{
		textItem("body", "A walk at dawn", filler+"<p>kestrel</p>", t0.Add(-time.Hour)),
		textItem("title", "A kestrel at dawn", filler, t0.Add(-2*time.Hour)),
		textItem("older twin", "Twin", filler+"<p>a kestrel</p>", t0.Add(-4*time.Hour)),
		textItem("newer twin", "Twin", filler+"<p>a kestrel</p>", t0.Add(-3*time.Hour)),
		textItem("none", "A heron at dawn", filler, t0),
	})
	got := searchKeys(t, db, ann.ID, "kestrel")
	if len(got) != 4 || got[0] != "title" {
		t.Fatalf("search kestrel = %v, want the title match first of 4", got)
	}
	if i, j := slices.Index(got, "newer twin"), slices.Index(got, "older twin"); j != i+1 {
		t.Errorf("search kestrel = %v, want equally relevant twins newest first", got)
	}
}

func testSearchQueries(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://mixed.example/feed")
	mustIngest(t, db, id, t0, []vigil.Item{
		textItem("red", "Red kestrel", "<p>A small falcon</p>", t0),
		textItem("apart", "Kestrel, red", "<p>colours</p>", t0),
		textItem("cafe", "Café crème", `<p>In the <a href="https://lisbon.example/">old town</a>&nbsp;at dawn</p>`, t0),
		textItem("script", "Page", "<script>var hidden = 1;</script><p>visible text</p>", t0),
		{Key: "summary", Hash: "s", Title: "Notes", Summary: "<em>falconry</em> basics", Content: ""},
		// the words of addresses, numbers and compounds are words, as
		// FTS5's tokenizer splits them (PostgreSQL's parser kept a URL,
		// a host, an e-mail address or 1.5 as one word of its own)
		// a virama or a vowel sign separates words, as FTS5 splits them
		textItem("marks", "Hindi", "<p>नमस्ते</p>", t0),
		textItem("url", "Links", "<p>See www.hawk-watch.example/nests/2024 for a wing span of 1.5 m; e-mail ann@birds.example</p>", t0),
	})
	tests := []struct {
		query string
		want  []string // sorted
	}{
		{"kestrel", []string{"apart", "red"}},
		{"KESTREL red", []string{"apart", "red"}},
		{`"red kestrel"`, []string{"red"}},
		{`"kestrel red"`, []string{"apart"}},
		{"falc*", []string{"red", "summary"}},
		{"falc", nil},
		{"cafe creme", []string{"cafe"}},
		{"lisbon", nil}, // an attribute is not text
		{"nbsp", nil},   // an entity is decoded
		{"town dawn", []string{"cafe"}},
		{"hidden", nil}, // a script is not text
		{"visible", []string{"script"}},
		{"kestrel falcon", []string{"red"}},
		{"kestrel -falcon", []string{"red"}}, // the minus is no operator
		{"kestrel OR heron", nil},            // nor is OR
		{"nests", []string{"url"}},
		{"नमस्ते", []string{"marks"}},
		{"नमस", []string{"marks"}},
		{"watch 2024", []string{"url"}},
		{"hawk-watch", []string{"url"}},
		{"1.5", []string{"url"}},
		{"birds ann", []string{"url"}},
		{"mail", []string{"url"}},
		{`"hawk watch example nests"`, []string{"url"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := searchKeys(t, db, ann.ID, tt.query)
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("search %q = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}

func testSearchHostileQueries(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	mustIngest(t, db, id, t0, []vigil.Item{textItem("x", "col x", "<p>near and or not</p>", t0)})
	long := strings.Repeat(`lorem "ipsum* dolor AND (sit) NEAR/3 col:amet ^x `, 200) // about 10 KB
	tests := []struct {
		query string
		code  string
	}{
		{`"`, vigil.EINVALID},
		{`*`, vigil.EINVALID},
		{`""`, vigil.EINVALID},
		{`^`, vigil.EINVALID},
		{`🎉🚀`, vigil.EINVALID},
		{`AND OR NOT`, ""},
		{`col:x`, ""},
		{`title:x body:y`, ""},
		{`"unbalanced quote`, ""},
		{`unbalanced" quote"s"`, ""},
		{`NEAR(a b, 3)`, ""},
		{`x*y* *z ** -x +x`, ""},
		{`{col} : [x] ' \ ; --`, ""},
		{"emoji 🎉 in text", ""},
		{"nul\x00byte", ""},
		{"\xff\xfe invalid", ""},
		{long, ""},
	}
	for _, tt := range tests {
		name := tt.query
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			_, err := db.SearchItems(ctx, ann.ID, tt.query, 0)
			wantCode(t, err, tt.code)
		})
	}
	if got := searchKeys(t, db, ann.ID, "AND OR NOT near"); !reflect.DeepEqual(got, []string{"x"}) {
		t.Errorf("operators searched as words found %v, want [x]", got)
	}
	if got := searchKeys(t, db, ann.ID, "col:x"); !reflect.DeepEqual(got, []string{"x"}) {
		t.Errorf("a column filter searched as a phrase found %v, want [x]", got)
	}
}

func testSearchFollowsEdits(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	mustIngest(t, db, id, t0, []vigil.Item{textItem("k", "Draft", "<p>alpha version</p>", t0)})
	got := mustIngest(t, db, id, t0.Add(time.Hour), []vigil.Item{textItem("k", "Final", "<p>omega version</p>", t0)})
	if len(got.Updated) != 1 {
		t.Fatalf("the edit was not ingested as an update: %+v", got)
	}
	tests := []struct {
		query string
		want  []string
	}{
		{"omega", []string{"k"}},
		{"final", []string{"k"}},
		{"version", []string{"k"}},
		{"alpha", nil},
		{"draft", nil},
	}
	for _, tt := range tests {
		if got := searchKeys(t, db, 0, tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("after the edit, search %q = %v, want %v", tt.query, got, tt.want)
		}
	}
}

func testSearchForgetsDeletedFeeds(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	gone := mustSubscribe(t, db, ann.ID, "https://gone.example/feed")
	kept := mustSubscribe(t, db, ann.ID, "https://kept.example/feed")
	mustIngest(t, db, gone, t0, []vigil.Item{textItem("g1", "Osprey", "", t0), textItem("g2", "Osprey again", "", t0)})
	mustIngest(t, db, kept, t0, []vigil.Item{textItem("k1", "Osprey", "", t0)})
	h.DeleteFeed(t, db, gone)
	if got := searchKeys(t, db, 0, "osprey"); !reflect.DeepEqual(got, []string{"k1"}) {
		t.Errorf("search after deleting a feed = %v, want only the kept feed's item", got)
	}
}

func testSearchStatesAndLimits(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	_, err := db.Ingest(ctx, fetched(id, t0, nil), func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		return &vigil.Feed{Title: "Example"}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	items := makeItems("n", 600) // every title has the word Item
	stored := mustIngest(t, db, id, t0, items).New
	if err := db.MarkRead(ctx, ann.ID, []int64{stored[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.StarItems(ctx, ann.ID, []int64{stored[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	found, err := db.SearchItems(ctx, ann.ID, "n0", 0)
	if err != nil || len(found) != 1 {
		t.Fatalf("search n0 = %+v, %v", found, err)
	}
	if it := found[0]; !it.Read || !it.Starred || it.FeedTitle != "Example" || it.Content != "<p>body</p>" {
		t.Errorf("search result = %+v, want the stored item with ann's states and the feed title", it)
	}
	tests := []struct {
		limit, want int
		code        string
	}{
		{0, DefaultItemLimit, ""},
		{7, 7, ""},
		{10000, MaxItemLimit, ""},
		{-1, 0, vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := db.SearchItems(ctx, ann.ID, "item", tt.limit)
		wantCode(t, err, tt.code)
		if len(got) != tt.want {
			t.Errorf("search with limit %d gave %d items, want %d", tt.limit, len(got), tt.want)
		}
	}
}

func testSearchPhrasesInOneColumnPastNearMisses(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://kites.example/feed")
	// More near misses than a store might read at once, each holding the
	// phrase's words out of order in its title, so that they rank above
	// the items holding the phrase in their body.
	var items []vigil.Item
	for i := range 150 {
		items = append(items, textItem(fmt.Sprintf("near%d", i), "Red kite, kestrel", "<p>kestrel and kite</p>", t0.Add(-time.Duration(i)*time.Minute)))
	}
	items = append(items,
		textItem("span", "Watching the red", "<p>kestrel hunting</p>", t0.Add(-time.Hour)),
		textItem("m0", "Dawn", "<p>a red kestrel hunting</p>", t0.Add(-2*time.Hour)),
		textItem("m1", "Dawn", "<p>one more red kestrel</p>", t0.Add(-3*time.Hour)),
		textItem("m2", "Dawn", "<p>the red kestrel again</p>", t0.Add(-4*time.Hour)),
	)
	mustIngest(t, db, id, t0, items)
	tests := []struct {
		query string
		limit int
		want  []string
	}{
		{`"red kestrel"`, 0, []string{"m0", "m1", "m2"}}, // not across title and body
		{`"red kestrel"`, 2, []string{"m0", "m1"}},
		{`red-kes*`, 0, []string{"m0", "m1", "m2"}},
		{`"red kestrel" hunting`, 0, []string{"m0"}},
		{`"kestrel red" kite`, 0, nil}, // each near miss has the words, none the phrase
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s limit %d", tt.query, tt.limit), func(t *testing.T) {
			found, err := db.SearchItems(ctx, ann.ID, tt.query, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if got := itemKeys(found); !slices.Equal(got, tt.want) {
				t.Errorf("search %q limit %d = %v, want %v", tt.query, tt.limit, got, tt.want)
			}
		})
	}
}
