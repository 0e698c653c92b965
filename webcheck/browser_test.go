package webcheck

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"vigil"
	"vigil/account"
	"vigil/clock"
	"vigil/fetch"
	"vigil/internal/longtest"
	"vigil/monitor"
	"vigil/plan"
	"vigil/policy"
	"vigil/profiler"
	"vigil/server"
	"vigil/store/sqlite"
)

// widths are the viewport widths every page is checked at: a phone and a
// desktop.
var widths = []int64{390, 1280}

// chromium finds the browser, skipping the test when it is missing
// outside CI.
func chromium(t *testing.T) string {
	t.Helper()
	return longtest.Tool(t, "chromium", "apt-get install -y chromium")
}

// feedSource serves three feeds: two RSS feeds that gain an item on every
// fetch pass, and one that always fails.
type feedSource struct {
	pass atomic.Int64
}

func (f *feedSource) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/hours.html" { // a watched page, changed on every pass
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>Opening hours</title></head><body><h1>Opening hours</h1><p>Open until %d pm, every day of the week including public holidays.</p><p><a href="/visit">Plan a visit</a></p></body></html>`, 5+f.pass.Load())
		return
	}
	name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), ".xml")
	if name == "broken" {
		http.Error(w, "the database is down", http.StatusInternalServerError)
		return
	}
	n := int(f.pass.Load())
	w.Header().Set("Content-Type", "application/rss+xml")
	fmt.Fprintf(w, `<?xml version="1.0"?><rss version="2.0"><channel><title>%s weekly</title><link>https://%s.example/</link><description>Notes about %s</description>`, strings.ToUpper(name[:1])+name[1:], name, name)
	base := time.Now().UTC().Add(-time.Duration(n+3) * time.Hour)
	for i := 0; i < 3+n; i++ {
		fmt.Fprintf(w, `<item><title>%s story %d: a rather long headline that must wrap nicely on a narrow phone screen</title><link>https://%s.example/%d</link><guid>%s-%d</guid><pubDate>%s</pubDate><description>&lt;p&gt;The %s story number %d, with &lt;b&gt;markup&lt;/b&gt; and an unusually long word: Donaudampfschifffahrtsgesellschaftskapitänskajütenschlüssel.&lt;/p&gt;</description></item>`,
			name, i, name, i, name, i, base.Add(time.Duration(i)*time.Hour).Format(time.RFC1123Z), name, i)
	}
	fmt.Fprint(w, `</channel></rss>`)
}

// site is vigil with real data behind a loopback listener.
type site struct {
	url      string
	st       *sqlite.DB
	user     *vigil.User
	password string
	feeds    []int64
	page     int64 // a watched page
}

// newSite fills a SQLite store by fetching the httptest feeds three times
// with the monitor, profiles the items, and serves the web UI.
func newSite(t *testing.T) *site {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	pw := "correct horse battery"
	digest, err := account.HashPassword(pw, 1000)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "alice", PasswordHash: digest, TokenHash: account.HashToken("unused-token")}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	src := &feedSource{}
	feeds := httptest.NewServer(src)
	t.Cleanup(feeds.Close)
	s := &site{st: st, user: u, password: pw}
	for _, name := range []string{"gardening", "astronomy", "broken"} {
		sub, err := st.Subscribe(ctx, u.ID, feeds.URL+"/"+name+".xml", 1, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		s.feeds = append(s.feeds, sub.Feed.ID)
	}
	page, err := st.FollowPage(ctx, u.ID, feeds.URL+"/hours.html", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s.page = page.Feed.ID
	// Folders in the sidebar, nested and with a long name, must fit too.
	if err := st.SetFolder(ctx, u.ID, s.feeds[1], "Science/Astronomy and the night sky over the observatories of the Alps"); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	mon, planner := newMonitor(t, st, quiet)
	for range 3 {
		if _, err := mon.RunOnce(ctx, true); err != nil {
			t.Fatal(err)
		}
		src.pass.Add(1)
	}
	prof, err := profiler.New(ctx, st, profiler.Config{}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prof.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(server.New(st, server.Config{Profiler: prof, BudgetPerHour: 60, Logger: quiet, Planner: planner}))
	t.Cleanup(web.Close)
	s.url = web.URL
	return s
}

// newMonitor builds the monitor as serve does, allowed to fetch from
// loopback, and returns its planner, whose plan the feed charts draw.
func newMonitor(t *testing.T, st *sqlite.DB, log *slog.Logger) (*monitor.Monitor, *policy.Live) {
	t.Helper()
	clk := clock.Wall{}
	planner, err := policy.NewLive("combined", policy.Config{MinInterval: plan.DefaultBounds.Min, MaxInterval: plan.DefaultBounds.Max, Seed: 1}, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	mon, err := monitor.New(monitor.Deps{
		Store: st, Client: fetch.New(fetch.Config{AllowPrivate: true, Clock: clk}),
		Hosts: fetch.NewHostLimiter(4, 0, clk), Planner: planner, Clock: clk, Logger: log,
	}, monitor.Config{Workers: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return mon, planner
}

// problems collects what the browser reported that a page must not do.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

// take returns the problems so far and forgets them.
func (p *problems) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.list
	p.list = nil
	return out
}

// listen records HTTP errors, console errors, uncaught exceptions and
// error log entries (a refused script or style, a failed load).
func (p *problems) listen(ev any) {
	switch ev := ev.(type) {
	case *network.EventResponseReceived:
		if ev.Response.Status >= 400 {
			p.add("HTTP %d for %s", ev.Response.Status, ev.Response.URL)
		}
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			p.add("console error: %s", strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		p.add("uncaught exception: %s", ev.ExceptionDetails.Text)
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError {
			p.add("browser error: %s (%s)", ev.Entry.Text, ev.Entry.URL)
		}
	}
}

// startBrowser starts headless Chromium as root can, with a fresh profile.
func startBrowser(t *testing.T, path string, pr *problems) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(pr.listen))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("unable to start chromium: %v", err)
	}
	return ctx
}

// overflowJS lists the elements that reach past the right edge of the
// window, when the document is wider than the window.
const overflowJS = `(() => {
  if (document.documentElement.scrollWidth <= window.innerWidth) return "";
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push(el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? "." + el.className : "") + " right=" + Math.round(r.right));
    if (out.length == 5) break;
  }
  return "document " + document.documentElement.scrollWidth + " px wide in a " + window.innerWidth + " px window: " + out.join(", ");
})()`

// chartsJS counts the charts of a page, those without a data mark, and the
// legend names that run past their chart's edge (measured in the chart's own
// units, so at any width the browser scales it to).
const chartsJS = `(() => {
  const svgs = [...document.querySelectorAll("svg")];
  const cut = svgs.flatMap(s => [...s.querySelectorAll("g.legend text")].filter(t => {
    const b = t.getBBox();
    return b.x + b.width > s.viewBox.baseVal.width + 0.5;
  }));
  return [svgs.length, svgs.filter(s => s.querySelectorAll("g.series circle, g.series rect").length === 0).length, cut.length];
})()`

// page is one page to check and how many charts it must show.
type page struct {
	path   string
	charts int
}

// TestPagesInChromium checks every page at phone and desktop widths.
func TestPagesInChromium(t *testing.T) {
	longtest.Need(t)
	path := chromium(t)
	s := newSite(t)
	pr := &problems{}
	ctx := startBrowser(t, path, pr)
	shots := os.Getenv("VIGIL_SCREENSHOTS")
	for _, w := range widths {
		s.check(t, ctx, pr, w, page{"/login", 0}, shots)
	}
	s.login(t, ctx)
	items, err := s.st.Items(context.Background(), vigil.ItemQuery{UserID: s.user.ID, Limit: 1})
	if err != nil || len(items) == 0 {
		t.Fatalf("no items were ingested (%v)", err)
	}
	settingsContent(t, s)
	pages := []page{
		{"/settings", 0},
		{"/", 0}, {"/items", 0}, {"/items?unread=1", 0}, {"/items?starred=1", 0},
		{fmt.Sprintf("/items?feed=%d", s.feeds[0]), 0},
		{fmt.Sprintf("/items/%d", items[0].ID), 0},
		{"/search?q=story", 0}, {"/for-you", 0}, {"/interests", 0}, {"/dashboard", 2},
		{fmt.Sprintf("/feeds/%d/unsubscribe", s.feeds[0]), 0},
		{fmt.Sprintf("/pages/%d", s.page), 0}, {"/updates", 0},
	}
	for _, id := range s.feeds {
		pages = append(pages, page{fmt.Sprintf("/feeds/%d", id), 3})
	}
	for _, w := range widths {
		for _, p := range pages {
			s.check(t, ctx, pr, w, p, shots)
		}
	}
}

// login signs in through the login form.
func (s *site) login(t *testing.T, ctx context.Context) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(s.url+"/login"),
		chromedp.SendKeys(`input[name=name]`, s.user.Name),
		chromedp.SendKeys(`input[name=password]`, s.password),
		chromedp.Submit(`input[name=password]`),
		chromedp.WaitVisible(`form.logout`),
	)
	if err != nil {
		t.Fatalf("login: %v", err)
	}
}

// check loads one page at one width and reports what is wrong with it.
func (s *site) check(t *testing.T, ctx context.Context, pr *problems, width int64, p page, shots string) {
	t.Helper()
	name := fmt.Sprintf("%s at %d px", p.path, width)
	pr.take()
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(width, 900),
		chromedp.Navigate(s.url+p.path),
		chromedp.WaitReady(`body`),
	)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[string](overflowJS))
	if err != nil {
		t.Errorf("%s: %v", name, err)
	} else if overflow != "" {
		t.Errorf("%s overflows: %s", name, overflow)
	}
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](chartsJS))
	switch {
	case err != nil:
		t.Errorf("%s: %v", name, err)
	case charts[0] != p.charts:
		t.Errorf("%s shows %d charts, want %d", name, charts[0], p.charts)
	case charts[1] > 0:
		t.Errorf("%s has %d charts without data marks", name, charts[1])
	case charts[2] > 0:
		t.Errorf("%s has %d legend names cut at a chart's edge", name, charts[2])
	}
	if shots != "" {
		s.screenshot(t, ctx, shots, p.path, width)
	}
	for _, msg := range pr.take() {
		t.Errorf("%s: %s", name, msg)
	}
}

// screenshot saves the whole page as a PNG in dir.
func (s *site) screenshot(t *testing.T, ctx context.Context, dir, path string, width int64) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot of %s: %v", path, err)
		return
	}
	name := strings.NewReplacer("/", "_", "?", "_", "=", "-", "&", "_").Replace(strings.Trim(path, "/"))
	if name == "" {
		name = "home"
	}
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width)), buf, 0o644); err != nil {
		t.Error(err)
	}
}

// settingsContent gives the user what the settings page lists: a channel
// with a long URL whose last delivery failed with a long reason, and an
// alert rule, so that their rows must fit a phone.
func settingsContent(t *testing.T, s *site) {
	t.Helper()
	ctx := context.Background()
	id, err := s.st.AddChannel(ctx, vigil.Channel{UserID: s.user.ID, Created: time.Now(),
		URL: "generic+https://hooks.example.org/services/a-rather-long-path-segment/another-one/and-more?token=s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	why := "the service answered 503 Service Unavailable: upstream connect error or disconnect/reset before headers, reset reason: connection failure"
	if err := s.st.RecordDelivery(ctx, id, time.Now(), why); err != nil {
		t.Fatal(err)
	}
	if _, err := s.st.AddAlertRule(ctx, vigil.AlertRule{UserID: s.user.ID, Query: `"rocket launch" orbit*`, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
}
