package monitor

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/updates"
)

// jsonBody serves s as a JSON document.
func jsonBody(s string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(s))
	}
}

// TestFetchPageJQWatchesTheResult: a JSON document watched with --jq .price
// changes when the price changes and not when another field does.
func TestFetchPageJQWatchesTheResult(t *testing.T) {
	h := newHarness(t, Config{})
	srv, sw := serve(t, jsonBody(`{"price": 19.99, "views": 1}`))
	f := h.followPage(srv.URL + "/product.json")
	if err := h.st.SetPageReading(context.Background(), h.user.ID, f.ID, vigil.PageReading{JQ: ".price"}); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		body    string
		changes int
	}{
		{`{"price": 19.99, "views": 2}`, 0},
		{`{"views": 3, "price": 19.99}`, 0},
		{`{"price": 17.49, "views": 3}`, 1},
		{`{"price": 17.49, "views": 4, "new": true}`, 1},
	}
	h.fetch(f.ID)
	for i, s := range steps {
		sw.set(jsonBody(s.body))
		h.clk.Advance(time.Hour)
		h.fetch(f.ID)
		changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
		if err != nil || len(changes) != s.changes {
			t.Fatalf("step %d (%s): %d changes (%v), want %d", i, s.body, len(changes), err, s.changes)
		}
	}
	if p := h.page(f.ID); p.Note != "" || p.Versions != 5 {
		t.Errorf("page note %q, %d versions; want no note and every body kept", p.Note, p.Versions)
	}
}

// servedAs serves s with the Content-Type ct.
func servedAs(ct, s string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ct)
		w.Write([]byte(s))
	}
}

// TestFetchPageJQOnJSONServedAsText: an API that serves JSON as
// text/plain (or another text type, or octet-stream) is read through the
// page's jq program: its timestamp changing at every fetch is no change,
// and the watched field changing is one. Before, the program was left
// out and every new timestamp was a change.
func TestFetchPageJQOnJSONServedAsText(t *testing.T) {
	for _, ct := range []string{"text/plain; charset=utf-8", "text/html", "application/octet-stream"} {
		t.Run(ct, func(t *testing.T) {
			h := newHarness(t, Config{})
			status := func(state string, at int) http.HandlerFunc {
				return servedAs(ct, fmt.Sprintf(`{"service": "trains", "state": %q, "generated_at": "2026-03-02T09:%02d:00Z"}`, state, at))
			}
			srv, sw := serve(t, status("running", 0))
			f := h.followPage(srv.URL + "/status")
			if err := h.st.SetPageReading(context.Background(), h.user.ID, f.ID, vigil.PageReading{JQ: ".state"}); err != nil {
				t.Fatal(err)
			}
			h.fetch(f.ID)
			steps := []struct {
				state   string
				changes int
			}{
				{"running", 0}, {"running", 0}, {"stopped", 1}, {"stopped", 1},
			}
			for i, s := range steps {
				sw.set(status(s.state, i+1)) // a new timestamp at every fetch
				h.clk.Advance(time.Hour)
				h.fetch(f.ID)
				changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
				if err != nil || len(changes) != s.changes {
					t.Fatalf("step %d (%s): %d changes (%v), want %d", i, s.state, len(changes), err, s.changes)
				}
			}
			if p := h.page(f.ID); p.Note != "" || p.Versions != 5 {
				t.Errorf("page note %q, %d versions; want no note and every body kept", p.Note, p.Versions)
			}
		})
	}
}

// TestFetchPageQueryMisfitIsRefused: a jq program on a page that is not
// JSON, or a selector or XPath on one that is, is never left out (which
// watched the whole page, timestamps and all): the page is not compared,
// its note says why, and every body is still kept.
func TestFetchPageQueryMisfitIsRefused(t *testing.T) {
	tests := []struct {
		name    string
		v1, v2  http.HandlerFunc
		reading vigil.PageReading
		sel     string
		note    string
	}{
		{"jq on html", html(pageV1), html(strings.Replace(pageV1, "Open positions", "Open jobs", 1)), vigil.PageReading{JQ: ".price"}, "",
			`the page was not compared: the jq program ".price" reads JSON, and this document (served as text/html) is not JSON: invalid character '<' looking for beginning of value; change its selector, XPath or jq program to watch it`},
		{"jq on plain text", servedAs("text/plain", "state: running\nat: 09:00\n"), servedAs("text/plain", "state: running\nat: 10:00\n"),
			vigil.PageReading{JQ: ".state"}, "", `the page was not compared: the jq program ".state" reads JSON, and this document (served as text/plain) is not JSON`},
		{"xpath on json", jsonBody(`{"price": 1, "at": 1}`), jsonBody(`{"price": 1, "at": 2}`), vigil.PageReading{XPath: "//p"}, "",
			`the page was not compared: the XPath "//p" reads HTML, and this document (served as application/json) is JSON: use a jq program for JSON`},
		{"selector on json served as text", servedAs("text/plain", `{"price": 1, "at": 1}`), servedAs("text/plain", `{"price": 1, "at": 2}`), vigil.PageReading{}, ".price",
			`the page was not compared: the selector ".price" reads HTML, and this document (served as text/plain) is JSON`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			h := newHarness(t, Config{})
			srv, sw := serve(t, tt.v1)
			f := h.followPage(srv.URL + "/p")
			if err := h.st.SetPageReading(ctx, h.user.ID, f.ID, tt.reading); err != nil {
				t.Fatal(err)
			}
			if tt.sel != "" {
				if err := h.st.SetPageSelector(ctx, h.user.ID, f.ID, tt.sel); err != nil {
					t.Fatal(err)
				}
			}
			h.fetch(f.ID)
			sw.set(tt.v2)
			h.clk.Advance(time.Hour)
			h.fetch(f.ID)
			p := h.page(f.ID)
			if !strings.HasPrefix(p.Note, tt.note) {
				t.Errorf("note = %q, want one starting %q", p.Note, tt.note)
			}
			changes, err := h.st.Changes(ctx, store.ChangeQuery{FeedID: f.ID})
			if err != nil || len(changes) != 0 || p.Versions != 2 {
				t.Errorf("%d changes (%v), %d versions; want none compared and both bodies kept", len(changes), err, p.Versions)
			}
		})
	}
}

// TestFetchPageConditionsDecideWhoIsTold: two followers, one with a
// price-drop condition: every change reaches the other; only the change
// that takes the price under the limit reaches the one with the
// condition, in the outbox and in the Updates folder.
func TestFetchPageConditionsDecideWhoIsTold(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t, Config{})
	shop := func(price, stock string) http.HandlerFunc {
		return html(`<html><body><h1>Kettle</h1><p class="price">` + price + ` EUR</p><p>` + stock +
			`</p><p>A kettle that boils water for tea, coffee and soup in under two minutes.</p></body></html>`)
	}
	srv, sw := serve(t, shop("24,90", "In stock"))
	f := h.followPage(srv.URL + "/kettle")
	bob := &vigil.User{Name: "bob", PasswordHash: "x", TokenHash: "t-bob"}
	if err := h.st.CreateUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := h.st.FollowPage(ctx, bob.ID, f.URL, 1, h.clk.Now()); err != nil {
		t.Fatal(err)
	}
	for _, u := range []*vigil.User{h.user, bob} {
		if err := h.st.SetPageFollow(ctx, vigil.PageFollow{UserID: u.ID, FeedID: f.ID, Threshold: "negligible", Frequency: "daily"}); err != nil {
			t.Fatal(err)
		}
		if _, err := h.st.AddChannel(ctx, vigil.Channel{UserID: u.ID, URL: "generic+http://127.0.0.1:9/" + u.Name, Created: h.clk.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	drop := []vigil.Condition{{Kind: "below", Selector: ".price", Value: 20}}
	if err := h.st.SetPageConditions(ctx, h.user.ID, f.ID, drop); err != nil {
		t.Fatal(err)
	}
	h.fetch(f.ID)
	steps := []struct {
		price, stock string
		annTold      bool
	}{
		{"22,90", "In stock", false},
		{"19,90", "In stock", true},
		{"18,90", "Sold out", false},
	}
	for i, s := range steps {
		sw.set(shop(s.price, s.stock))
		h.clk.Advance(time.Hour)
		h.fetch(f.ID)
		changes, err := h.st.Changes(ctx, store.ChangeQuery{FeedID: f.ID, Limit: 1})
		if err != nil || len(changes) != 1 || changes[0].At != h.clk.Now() {
			t.Fatalf("step %d: changes %+v, %v; want one now", i, changes, err)
		}
		if told := !slices.Contains(changes[0].Withheld, h.user.ID); told != s.annTold {
			t.Errorf("step %d (%s): ann told %v, want %v", i, s.price, told, s.annTold)
		}
		if slices.Contains(changes[0].Withheld, bob.ID) {
			t.Errorf("step %d: withheld from bob, who set no condition", i)
		}
	}
	msgs, err := h.st.ClaimMessages(ctx, store.MessageClaim{Owner: "t", Now: h.clk.Now(), Lease: time.Minute, Channels: 10})
	if err != nil {
		t.Fatal(err)
	}
	perChannel := map[string]int{}
	for _, m := range msgs {
		perChannel[m.URL]++
	}
	if perChannel["generic+http://127.0.0.1:9/ann"] != 1 || perChannel["generic+http://127.0.0.1:9/bob"] != 3 {
		t.Errorf("messages per channel = %v, want ann 1 and bob 3", perChannel)
	}
	folder, err := updates.Build(ctx, h.st, h.user.ID, updates.Config{})
	if err != nil || len(folder.Pages) != 1 || folder.Pages[0].New != 1 {
		t.Errorf("ann's Updates folder = %+v, %v; want one new change", folder.Pages, err)
	}
}
