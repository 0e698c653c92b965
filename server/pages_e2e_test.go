package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/clock"
	"vigil/digest"
	"vigil/digest/smtptest"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/policy"
)

// folderJSON is the Updates folder as a client reads it.
type folderJSON struct {
	Flag  bool `json:"flag"`
	Pages []struct {
		Followers int    `json:"followers"`
		New       int    `json:"new"`
		Since     string `json:"since"`
		State     struct {
			Versions int `json:"versions"`
		} `json:"page"`
		Changes []changeJSON `json:"changes"`
	} `json:"pages"`
}

// changeJSON is a change as a client reads it.
type changeJSON struct {
	ID      int64  `json:"id"`
	Agent   string `json:"agent"`
	Summary string `json:"summary"`
	Tell    bool   `json:"tell"`
	Extents struct {
		LinksAdded int `json:"links_added"`
	} `json:"extents"`
	Community struct {
		Severity string `json:"severity"`
		Ratings  int    `json:"ratings"`
	} `json:"community"`
	Diff struct {
		HTML string `json:"html"`
	} `json:"diff"`
}

// watchedSite serves one HTML page whose body a test replaces.
type watchedSite struct {
	mu   sync.Mutex
	body string
}

func (s *watchedSite) set(b string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.body = b
}

func (s *watchedSite) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, s.body)
}

// jobsPage renders the test page: intro paragraph, a section, links.
func jobsPage(intro, section, links string) string {
	return `<!doctype html><html><head><title>Park jobs</title><script>alert("x")</script><style>p{color:red}</style></head><body>
<h1>Open positions</h1><p>` + intro + `</p><div id="section"><h2>Gardener</h2><p>` + section + `</p></div>
<ul>` + links + `</ul></body></html>`
}

const (
	jobIntro    = jobAbout + "We recieve applications all year round for work in the city park."
	jobIntroFix = jobAbout + "We receive applications all year round for work in the city park."
	jobAbout    = "The city park covers forty hectares of lawns, woods, ponds and playgrounds. " +
		"It is open every day from dawn to dusk and welcomes about a million visitors a year. " +
		"A team of twelve looks after the grounds, the buildings, the paths and the animals of the small farm. "
	jobSection   = "The gardener looks after the rose beds, mows the lawns and waters the trees during the summer months."
	jobRewritten = "Applications are closed: the position was filled in March and no further candidates will be interviewed this year."
	jobLinks     = `<li><a href="/apply">Apply</a></li>`
	jobMoreLinks = `<li><a href="/apply">Apply</a></li><li><a href="/faq">Questions and answers</a></li>`
)

// newPageMonitor is a monitor over the environment's store with the real
// client, the combined policy and a virtual clock.
func newPageMonitor(t *testing.T, e *env, clk *clock.Virtual) *monitor.Monitor {
	t.Helper()
	live, err := policy.NewLive("combined", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := monitor.New(monitor.Deps{
		Store:   e.st,
		Client:  fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: clk}),
		Hosts:   fetch.NewHostLimiter(1, 0, clk),
		Planner: live,
		Clock:   clk,
		Logger:  slog.New(slog.DiscardHandler),
	}, monitor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// fetchPage fetches the page now through the monitor.
func fetchPage(t *testing.T, m *monitor.Monitor, e *env, id int64) {
	t.Helper()
	f, err := e.st.Feed(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.FetchFeed(context.Background(), *f)
	if err != nil || res.Err != "" {
		t.Fatalf("fetch of page %d: %+v, %v", id, res, err)
	}
}

func TestPagesEndToEnd(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	site := &watchedSite{body: jobsPage(jobIntro, jobSection, jobLinks)}
	srv := httptest.NewServer(site)
	defer srv.Close()
	pageURL := srv.URL + "/jobs"

	// Ann follows through the API, Bob through the web form.
	status, body := e.call("POST", "/api/pages", ann.token, map[string]any{"url": pageURL})
	if status != http.StatusCreated {
		t.Fatalf("POST /api/pages: %d %s", status, body)
	}
	id := decode[struct {
		Feed struct{ ID int64 } `json:"feed"`
	}](t, body).Feed.ID
	b := e.browser()
	b.login(bob)
	if status, loc, body := b.post("/feeds", url.Values{"csrf": {b.csrf()}, "url": {pageURL}, "page": {"1"}}); status != http.StatusSeeOther || loc != fmt.Sprintf("/pages/%d", id) {
		t.Fatalf("bob's form: %d %q %s", status, loc, body)
	}

	clk := clock.NewVirtual(testNow)
	m := newPageMonitor(t, e, clk)
	fetchPage(t, m, e, id)
	steps := []string{
		jobsPage(jobIntroFix, jobSection, jobLinks),       // a typo
		jobsPage(jobIntroFix, jobRewritten, jobLinks),     // a rewritten section
		jobsPage(jobIntroFix, jobRewritten, jobMoreLinks), // a link added
	}
	for _, s := range steps {
		site.set(s)
		clk.Advance(time.Hour)
		fetchPage(t, m, e, id)
	}
	clk.Advance(time.Hour)
	fetchPage(t, m, e, id) // unchanged: no version, no change

	folder := decode[folderJSON](t, mustCall(t, e, "GET", "/api/updates", ann.token, nil))
	if len(folder.Pages) != 1 || !folder.Flag {
		t.Fatalf("ann's folder: %+v", folder)
	}
	pg := folder.Pages[0]
	if pg.Followers != 2 || len(pg.Changes) != 3 || pg.New != 3 || pg.State.Versions != 4 {
		t.Fatalf("ann's page: followers %d, changes %d, new %d, versions %d", pg.Followers, len(pg.Changes), pg.New, pg.State.Versions)
	}
	typo, rewrite, link := pg.Changes[2], pg.Changes[1], pg.Changes[0]
	if typo.Agent != "negligible" || rewrite.Agent != "important" || link.Extents.LinksAdded != 1 {
		t.Errorf("agent: typo %s (%s), rewrite %s (%s), link %s", typo.Agent, typo.Summary, rewrite.Agent, rewrite.Summary, link.Summary)
	}
	if !strings.Contains(pg.Since, "several changes, some of which were important") {
		t.Errorf("since = %q", pg.Since)
	}

	// Bob wants only important changes once someone rated them; Ann rates.
	mustCall(t, e, "PUT", fmt.Sprintf("/api/pages/%d/settings", id), bob.token, map[string]any{"threshold": "important"})
	mustCall(t, e, "POST", fmt.Sprintf("/api/changes/%d/rating", typo.ID), ann.token, map[string]any{"rating": "negligible", "comment": "only a typo"})
	mustCall(t, e, "POST", fmt.Sprintf("/api/changes/%d/rating", link.ID), ann.token, map[string]any{"rating": "significant"})
	bobs := decode[folderJSON](t, mustCall(t, e, "GET", "/api/updates", bob.token, nil)).Pages[0]
	tell := map[int64]bool{}
	for _, c := range bobs.Changes {
		tell[c.ID] = c.Tell
	}
	if tell[typo.ID] || !tell[rewrite.ID] || tell[link.ID] || bobs.New != 1 {
		t.Errorf("bob is told %v (new %d), want only the unrated rewrite", tell, bobs.New)
	}
	anns := decode[folderJSON](t, mustCall(t, e, "GET", "/api/updates", ann.token, nil)).Pages[0]
	if anns.New != 3 {
		t.Errorf("ann's own ratings are nobody else's: she is told of %d changes, want 3", anns.New)
	}

	// The diff view of the rewrite marks it, runs no script, shows no style.
	status, _, page := b.get(fmt.Sprintf("/changes/%d", rewrite.ID))
	if status != http.StatusOK || !strings.Contains(page, `class="vigil-`) || strings.Contains(page, "alert(") || strings.Contains(page, "color:red") {
		t.Errorf("diff view: %d\n%s", status, page)
	}
	if !strings.Contains(page, "Community: not rated yet") || !strings.Contains(page, fmt.Sprintf(`Change of <a href="/pages/%d">Park jobs</a>`, id)) {
		t.Errorf("diff view lacks the page's title or the community section:\n%s", page)
	}
	// Bob's Updates folder and the page's history.
	status, _, page = b.get("/updates")
	if status != http.StatusOK || !strings.Contains(page, "2 followers") || !strings.Contains(page, "only a typo") || !strings.Contains(page, `class="flag"`) {
		t.Errorf("updates page: %d\n%s", status, page)
	}
	status, _, page = b.get(fmt.Sprintf("/pages/%d", id))
	if status != http.StatusOK || !strings.Contains(page, "Most important changes") || strings.Count(page, `href="/versions/`) != 4 {
		t.Errorf("page page: %d\n%s", status, page)
	}
	status, _, page = b.get("/updates")
	if strings.Contains(page, `class="flag"`) {
		t.Errorf("the flag stays after bob looked at the page")
	}
	// The rating menu starts at "choose…", and a form sent without a choice
	// is refused and records nothing.
	if _, _, page := b.get(fmt.Sprintf("/changes/%d", rewrite.ID)); !strings.Contains(page, `<option value="" selected>choose…</option>`) {
		t.Errorf("the rating menu of an unrated change does not start at choose…:\n%s", page)
	}
	for _, rating := range []url.Values{{"csrf": {b.csrf()}}, {"csrf": {b.csrf()}, "rating": {""}, "comment": {"oops"}}} {
		status, _, body := b.post(fmt.Sprintf("/changes/%d/rate", rewrite.ID), rating)
		if status != http.StatusBadRequest || !strings.Contains(body, "no rating chosen") {
			t.Errorf("a rating form without a choice: %d, want 400 saying no rating was chosen\n%s", status, body)
		}
	}
	if d := decode[changeJSON](t, mustCall(t, e, "GET", fmt.Sprintf("/api/changes/%d", rewrite.ID), ann.token, nil)); d.Community.Ratings != 0 {
		t.Errorf("a refused rating form recorded a rating: %+v", d.Community)
	}
	// Bob rating from the web form; Eve, a stranger, sees nothing.
	if status, _, body := b.post(fmt.Sprintf("/changes/%d/rate", rewrite.ID), url.Values{"csrf": {b.csrf()}, "rating": {"important"}}); status != http.StatusSeeOther {
		t.Errorf("bob's rating: %d %s", status, body)
	}
	eve := e.user("eve")
	if status, _ := e.call("GET", fmt.Sprintf("/api/changes/%d", rewrite.ID), eve.token, nil); status != http.StatusNotFound {
		t.Errorf("eve reading a change: %d", status)
	}
	detail := decode[changeJSON](t, mustCall(t, e, "GET", fmt.Sprintf("/api/changes/%d", rewrite.ID), ann.token, nil))
	if detail.Community.Ratings != 1 || detail.Community.Severity != "important" || detail.Diff.HTML == "" {
		t.Errorf("change detail: %+v", detail.Community)
	}
	checkDigest(t, e, ann, bob, rewrite.ID)

	// A new change flags the Updates folder in the header of every page.
	if _, _, home := b.get("/"); strings.Contains(home, `Updates <span class="flag"`) {
		t.Errorf("the Updates folder is flagged with nothing new")
	}
	site.set(jobsPage(jobIntroFix, jobRewritten+" Interviews start in May.", jobMoreLinks))
	clk.Advance(time.Hour)
	fetchPage(t, m, e, id)
	if _, _, home := b.get("/"); !strings.Contains(home, `Updates <span class="flag"`) {
		t.Errorf("a new change does not flag the Updates folder in the header")
	}
}

// checkDigest sends the day's digests to a real SMTP server on loopback.
// Ann (threshold significant) hears of all three changes: the typo and the
// link were rated by her alone, and the rule looks at others' ratings; the
// rewrite Bob rated important. Bob (threshold important) hears of the
// rewrite only, which only he rated: Ann rated the typo negligible and the
// link significant, both below his threshold.
func checkDigest(t *testing.T, e *env, ann, bob tester, rewrite int64) {
	t.Helper()
	mb := smtptest.Start(t, "", "")
	mustCall(t, e, "PUT", "/api/me/digest", ann.token, map[string]any{"email": "ann@example.org"})
	mustCall(t, e, "PUT", "/api/me/digest", bob.token, map[string]any{"email": "bob@example.org"})
	r := &digest.Runner{Store: e.st, Clock: clock.NewVirtual(testNow.AddDate(0, 0, 1)), BaseURL: "http://vigil.test",
		Mail: &digest.SMTP{Host: mb.Host, Port: mb.Port, From: "vigil@example.org"}}
	sent, err := r.SendDay(context.Background(), testNow)
	if err != nil || sent.Mails != 2 {
		t.Fatalf("SendDay: %+v, %v", sent, err)
	}
	got := map[string]string{}
	for _, m := range mb.Received() {
		got[m.To] = m.Data
	}
	if n := strings.Count(got["ann@example.org"], "see the changes:"); n != 3 {
		t.Errorf("ann's digest tells %d changes, want 3:\n%s", n, got["ann@example.org"])
	}
	bobs := got["bob@example.org"]
	if n := strings.Count(bobs, "see the changes:"); n != 1 || !strings.Contains(bobs, fmt.Sprintf("/changes/%d", rewrite)) {
		t.Errorf("bob's digest should tell the rewrite only:\n%s", bobs)
	}
	status, body := e.call("GET", "/api/digest.atom", bob.token, nil)
	if status != http.StatusOK || !strings.Contains(string(body), "<feed xmlns=\"http://www.w3.org/2005/Atom\">") || !strings.Contains(string(body), "1 page change on") {
		t.Errorf("atom: %d %s", status, body)
	}
}

// mustCall sends an API request and fails unless it answers 2xx.
func mustCall(t *testing.T, e *env, method, path, token string, body any) []byte {
	t.Helper()
	status, data := e.call(method, path, token, body)
	if status < 200 || status > 299 {
		t.Fatalf("%s %s: %d %s", method, path, status, data)
	}
	return data
}

func TestPageBadInputShownOnItsState(t *testing.T) {
	tests := []struct {
		name, contentType, body, selector, says string
	}{
		{"pdf", "application/pdf", "%PDF-1.4 not really", "", "only byte-level changes are reported"},
		{"image", "image/png", "\x89PNG\r\n\x1a\n0000", "", "only byte-level changes are reported"},
		{"selector matching nothing", "text/html", jobsPage(jobIntro, jobSection, jobLinks), "#price", `the selector &#34;#price&#34; matches nothing`},
		{"huge", "text/html", strings.Repeat("<p>lamp</p>", 2<<20), "", "exceeds the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, Config{})
			ann := e.user("ann")
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", tt.contentType)
				fmt.Fprint(w, tt.body)
			}))
			defer srv.Close()
			sub, err := e.st.FollowPage(context.Background(), ann.ID, srv.URL+"/doc", 1, testNow)
			if err != nil {
				t.Fatal(err)
			}
			if tt.selector != "" {
				mustCall(t, e, "PUT", fmt.Sprintf("/api/pages/%d/settings", sub.Feed.ID), ann.token, map[string]any{"selector": tt.selector})
			}
			m := newPageMonitor(t, e, clock.NewVirtual(testNow))
			f, _ := e.st.Feed(context.Background(), sub.Feed.ID)
			if _, err := m.FetchFeed(context.Background(), *f); err != nil {
				t.Fatal(err)
			}
			b := e.browser()
			b.login(ann)
			status, _, page := b.get(fmt.Sprintf("/pages/%d", sub.Feed.ID))
			if status != http.StatusOK || !strings.Contains(page, tt.says) {
				t.Errorf("page view: %d, does not say %q:\n%s", status, tt.says, page)
			}
		})
	}
}
