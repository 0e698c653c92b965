package monitor

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/estimate"
	"vigil/fetch"
	"vigil/store"
)

// html serves an HTML page.
func html(s string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(s))
	}
}

// followPage makes the harness user follow url as a page.
func (h *harness) followPage(url string) vigil.Feed {
	h.t.Helper()
	sub, err := h.st.FollowPage(context.Background(), h.user.ID, url, 1, h.clk.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return sub.Feed
}

// page reloads a page.
func (h *harness) page(id int64) *vigil.Page {
	h.t.Helper()
	p, err := h.st.Page(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

const pageV1 = `<html><head><title>Jobs</title></head><body><h1>Open positions</h1>
<p>We are hiring a gardener for the park.</p><p><a href="/apply">Apply</a></p></body></html>`

func TestFetchPageStoresVersionsOnlyOnChange(t *testing.T) {
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(pageV1))
	f := h.followPage(srv.URL + "/jobs")
	h.fetch(f.ID)
	h.clk.Advance(time.Hour)
	h.fetch(f.ID) // the same bytes
	if p := h.page(f.ID); p.Versions != 1 || p.Note != "" {
		t.Fatalf("after two identical fetches: %+v, want one version and no note", p)
	}
	if got := h.feed(f.ID); got.Title != "Jobs" || got.Status != vigil.FeedActive {
		t.Errorf("feed = %q %s, want title Jobs, active", got.Title, got.Status)
	}
	sw.set(html(strings.Replace(pageV1, `<p><a href="/apply">Apply</a></p>`, `<p><a href="/apply">Apply</a> <a href="/faq">FAQ</a></p>`, 1)))
	h.clk.Advance(time.Hour)
	res, _ := h.fetch(f.ID)
	if res.Updated != 1 {
		t.Errorf("fetch of a changed page: %+v, want one change", res)
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != 1 {
		t.Fatalf("changes = %v, %v", changes, err)
	}
	var e struct {
		Any        bool `json:"any"`
		LinksAdded int  `json:"links_added"`
	}
	if err := json.Unmarshal(changes[0].Extents, &e); err != nil || !e.Any || e.LinksAdded != 1 {
		t.Errorf("extents %s: want any and one link added", changes[0].Extents)
	}
	if !strings.Contains(changes[0].Summary, "1 link added") {
		t.Errorf("summary %q does not tell the link", changes[0].Summary)
	}
	obs, _ := h.st.Observations(context.Background(), f.ID, 10)
	if len(obs) != 3 || obs[0].NewItems != 1 || obs[1].NewItems != 0 {
		t.Errorf("observations: %+v", obs)
	}
}

func TestFetchPageBadInput(t *testing.T) {
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		selector string
		note     string
		versions int
		status   string
	}{
		{"pdf", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.4 fake"))
		}, "", "only byte-level changes", 1, ""},
		{"png", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\nxxxx"))
		}, "", "only byte-level changes", 1, ""},
		{"malformed html", html(`<html><body><p>unclosed <b>bold <div><a href=x>link`), "", "", 1, ""},
		{"selector matching nothing", html(pageV1), "#price", `the selector "#price" matches nothing`, 1, ""},
		{"huge", html(strings.Repeat("<p>x</p>", 1<<12)), "", "", 0, "exceeds the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.mon.client = newCappedClient(h, 16<<10)
			srv, _ := serve(t, tt.handler)
			f := h.followPage(srv.URL + "/p")
			if tt.selector != "" {
				if err := h.st.SetPageSelector(context.Background(), h.user.ID, f.ID, tt.selector); err != nil {
					t.Fatal(err)
				}
			}
			_, got := h.fetch(f.ID)
			p := h.page(f.ID)
			if p.Versions != tt.versions || !strings.Contains(p.Note, tt.note) || (tt.note == "" && p.Note != "") {
				t.Errorf("page = %+v, want %d versions and note containing %q", p, tt.versions, tt.note)
			}
			if !strings.Contains(got.LastError, tt.status) || (tt.status == "" && got.LastError != "") {
				t.Errorf("last error %q, want %q", got.LastError, tt.status)
			}
		})
	}
}

func TestChangeChecks(t *testing.T) {
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }
	obs := []vigil.Observation{ // newest first
		{At: at(3), Status: 200, NewItems: 1},
		{At: at(2), Status: 500, Error: "the server answered 500"},
		{At: at(1), Status: 304, NotModified: true},
		{At: at(0), Status: 200},
	}
	got := changeChecks(obs, at(5), true)
	want := []estimate.ChangeCheck{{Interval: time.Hour}, {Interval: 2 * time.Hour, Changed: true}, {Interval: 2 * time.Hour, Changed: true}}
	if len(got) != len(want) {
		t.Fatalf("checks = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("check %d = %v, want %v", i, got[i], want[i])
		}
	}
	r, ok := pageChangeRate(got)
	// Root of Σ_changed τ/(e^{rτ}−1) = Σ_quiet τ: 2·2/(e^{2r}−1) = 1.
	if want := math.Log(5) / 2; !ok || math.Abs(r-want) > 1e-6 {
		t.Errorf("rate = %v, %v, want %v", r, ok, want)
	}
}

// newCappedClient is the harness's client with a body cap of limit bytes.
func newCappedClient(h *harness, limit int64) *fetch.Client {
	return fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: h.clk, MaxBodyBytes: limit})
}

func TestFetchPageReportsDuplicates(t *testing.T) {
	h := newHarness(t, Config{})
	srv, _ := serve(t, html(pageV1))
	a := h.followPage(srv.URL + "/jobs")
	b := h.followPage(srv.URL + "/jobs?ref=mail")
	h.fetch(a.ID)
	h.fetch(b.ID)
	h.clk.Advance(time.Hour)
	h.fetch(b.ID) // unchanged: no second notice
	notices, err := h.st.Notices(context.Background(), h.user.ID)
	if err != nil || len(notices) != 1 || !strings.Contains(notices[0].Text, "same content as the page "+srv.URL+"/jobs:") ||
		!strings.Contains(notices[0].Text, "merge") || strings.Contains(notices[0].Text, "ask its followers") {
		t.Errorf("notices = %+v, %v", notices, err)
	}
}

func TestFetchPageIgnoreRulesAndNoise(t *testing.T) {
	page := func(clock, visitors int) string {
		return fmt.Sprintf(`<html><body><h1>Timetable</h1><p>Trains leave every hour from platform two, all week long.</p>`+
			`<p class="clock">Page generated at 10:%02d</p><p>Visitors: %d</p></body></html>`, clock, visitors)
	}
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(page(0, 1)))
	f := h.followPage(srv.URL + "/timetable")
	if err := h.st.SetPageIgnore(context.Background(), h.user.ID, f.ID, []string{`^Visitors: \d+$`}); err != nil {
		t.Fatal(err)
	}
	h.fetch(f.ID)
	sw.set(html(page(0, 2))) // only the visitor counter changed
	h.clk.Advance(time.Hour)
	h.fetch(f.ID)
	if changes, _ := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID}); len(changes) != 0 {
		t.Fatalf("a new visitor count made %d changes", len(changes))
	}
	counts := []int{}
	for i := 1; i < 10; i++ {
		sw.set(html(page(i, 1+i)))
		h.clk.Advance(time.Hour)
		h.fetch(f.ID)
		changes, _ := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
		counts = append(counts, len(changes))
	}
	t.Logf("changes after each fetch: %v", counts)
	// The visitor counter is ignored from the start; the clock changes at
	// every fetch, so after five fetches (NoiseOptions' default) it is noise.
	if counts[len(counts)-1] != counts[len(counts)-3] {
		t.Errorf("changes after each fetch %v: the clock still makes changes once learned as noise", counts)
	}
	if counts[1] == 0 {
		t.Errorf("changes after each fetch %v: the clock was noise before it was learned", counts)
	}
	if p := h.page(f.ID); p.Versions != 11 || p.Note != "" {
		t.Errorf("page = %+v: every fetch had other bytes, so a version each, and no note", p)
	}
}

func TestFetchPageBadIgnoreRule(t *testing.T) {
	h := newHarness(t, Config{})
	srv, _ := serve(t, html(pageV1))
	f := h.followPage(srv.URL + "/jobs")
	if err := h.st.SetPageIgnore(context.Background(), h.user.ID, f.ID, []string{`(unclosed`}); err != nil {
		t.Fatal(err)
	}
	h.fetch(f.ID)
	if p := h.page(f.ID); !strings.Contains(p.Note, "cannot be used") || strings.Contains(p.Note, "*") || p.Versions != 1 {
		t.Errorf("page = %+v, want a version and a note naming the bad rule", p)
	}
}

func TestFetchPageMovedAndGone(t *testing.T) {
	h := newHarness(t, Config{GoneAfter: 3})
	srv, sw := serve(t, html(pageV1))
	f := h.followPage(srv.URL + "/old")
	sw.set(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
			return
		}
		html(pageV1)(w, r)
	})
	res, got := h.fetch(f.ID)
	if res.MovedTo != srv.URL+"/new" || got.URL != srv.URL+"/new" {
		t.Fatalf("after a 301: moved to %q, URL %q", res.MovedTo, got.URL)
	}
	if n, _ := h.st.Notices(context.Background(), h.user.ID); len(n) != 1 || !strings.Contains(n[0].Text, "The page "+srv.URL+"/old has moved permanently to "+srv.URL+"/new") {
		t.Errorf("the move is not told at once: %+v", n)
	}
	if p := h.page(f.ID); p.Versions != 1 {
		t.Errorf("the moved page is still a page with its version: %+v", p)
	}
	sw.set(status(http.StatusNotFound))
	for i := 0; i < 3; i++ {
		h.clk.Advance(24 * time.Hour)
		_, got = h.fetch(f.ID)
		if want := map[bool]vigil.FeedStatus{true: vigil.FeedGone, false: vigil.FeedActive}[i == 2]; got.Status != want {
			t.Errorf("after %d answers 404: %s, want %s", i+1, got.Status, want)
		}
	}
	if p := h.page(f.ID); p.Versions != 1 {
		t.Errorf("a gone page lost its versions: %+v", p)
	}
}

func TestAFeedThatIsAPageIsWatchedAsOne(t *testing.T) {
	h := newHarness(t, Config{HTMLAsPage: true})
	srv, _ := serve(t, html(pageV1))
	f := h.subscribe(srv.URL + "/jobs") // followed as a feed
	_, got := h.fetch(f.ID)
	if got.LastError != "" || got.Title != "Jobs" {
		t.Errorf("feed state = %q %q, want no error and the page's title", got.LastError, got.Title)
	}
	if p := h.page(f.ID); p.Versions != 1 {
		t.Errorf("page = %+v, want its first version", p)
	}
	if n, _ := h.st.Notices(context.Background(), h.user.ID); len(n) != 1 || !strings.Contains(n[0].Text, "is a web page, not a feed") {
		t.Errorf("notices = %+v", n)
	}
	// A feed that worked once stays a feed when it answers HTML.
	feedSrv, sw := serve(t, body(rss("", rssItem{"1", "One", "x"})))
	g := h.subscribe(feedSrv.URL + "/feed")
	h.fetch(g.ID)
	sw.set(html(pageV1))
	h.clk.Advance(time.Hour)
	if _, got := h.fetch(g.ID); got.LastError == "" {
		t.Error("a feed answering HTML once should fail, not become a page")
	}
	if _, err := h.st.Page(context.Background(), g.ID); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("the feed became a page: %v", err)
	}
}
