package updates_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/change"
	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/plan"
	"vigil/store"
	"vigil/store/sqlite"
	"vigil/updates"
)

var ctx = context.Background()

// site serves a page whose text a test replaces.
type site struct {
	mu   sync.Mutex
	text string
}

func (s *site) set(t string) { s.mu.Lock(); s.text = t; s.mu.Unlock() }

func (s *site) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprintf(w, "<html><head><title>Menu</title></head><body><p>%s</p></body></html>", s.text)
}

// world is a store, a monitor on a virtual clock and a page two users
// follow: ann in the daily group, bob in the weekly and monthly groups.
type world struct {
	st       *sqlite.DB
	clk      *clock.Virtual
	mon      *monitor.Monitor
	site     *site
	page     int64
	ann, bob int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	// Monday 2 March 2026, 09:00 in Paris (UTC+1): weeks and months in that zone.
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewVirtual(time.Date(2026, 3, 2, 9, 0, 0, 0, paris))
	mon, err := monitor.New(monitor.Deps{Store: st, Client: fetch.New(fetch.Config{AllowPrivate: true, Clock: clk}),
		Hosts: fetch.NewHostLimiter(1, 0, clk), Planner: &plan.EWMA{Bounds: plan.DefaultBounds}, Clock: clk,
		Logger: slog.New(slog.DiscardHandler)}, monitor.Config{Calendar: calendar(paris)})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{st: st, clk: clk, mon: mon, site: &site{text: "Soup of the day: leek."}}
	srv := httptest.NewServer(w.site)
	t.Cleanup(srv.Close)
	for i, name := range []string{"ann", "bob"} {
		u := &vigil.User{Name: name, PasswordHash: "x", TokenHash: name}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		sub, err := st.FollowPage(ctx, u.ID, srv.URL+"/menu", 1, clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		w.page = sub.Feed.ID
		if i == 0 {
			w.ann = u.ID
		} else {
			w.bob = u.ID
		}
	}
	return w
}

// fetchAt fetches the page at t with the given text.
func (w *world) fetchAt(t *testing.T, at time.Time, text string) {
	t.Helper()
	w.site.set(text)
	w.clk.Set(at)
	f, err := w.st.Feed(ctx, w.page)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.mon.FetchFeed(ctx, *f); err != nil {
		t.Fatal(err)
	}
}

// changes lists the page's changes of a group, newest first.
func (w *world) changes(t *testing.T, group string) []vigil.PageChange {
	t.Helper()
	cs, err := w.st.Changes(ctx, store.ChangeQuery{FeedID: w.page, Group: group})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestGroupsSeeChangesBetweenReferenceVersions(t *testing.T) {
	w := newWorld(t)
	day := func(d, h int) time.Time { return time.Date(2026, 3, d, h, 0, 0, 0, w.clk.Now().Location()) }
	w.fetchAt(t, day(2, 9), "Soup of the day: leek.")
	w.fetchAt(t, day(3, 9), "Soup of the day: pumpkin.")
	w.fetchAt(t, day(4, 9), "Soup of the day: pumpkin. Closed on Sunday.")
	w.fetchAt(t, day(8, 23), "Soup of the day: pumpkin. Closed on Sunday.") // Sunday night, same week
	if got := w.changes(t, "weekly"); len(got) != 0 {
		t.Fatalf("weekly changes inside the first week: %d", len(got))
	}
	w.fetchAt(t, day(9, 0), "Soup of the day: pumpkin. Closed on Sunday.") // Monday 00:00 in Paris: a new week
	daily, weekly := w.changes(t, "daily"), w.changes(t, "weekly")
	if len(daily) != 2 || len(weekly) != 1 {
		t.Fatalf("daily %d, weekly %d changes; want 2 and 1", len(daily), len(weekly))
	}
	versions, _ := w.st.Versions(ctx, w.page, 10)
	if weekly[0].PrevID != versions[2].ID || weekly[0].VersionID != versions[0].ID {
		t.Errorf("weekly change %d → %d, want the week's reference %d → %d", weekly[0].PrevID, weekly[0].VersionID, versions[2].ID, versions[0].ID)
	}
	if got := w.changes(t, "monthly"); len(got) != 0 {
		t.Errorf("monthly changes inside March: %d", len(got))
	}
	w.fetchAt(t, time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC), "Soup of the day: pumpkin. Closed on Sunday.") // 1 April 01:30 in Paris
	if got := w.changes(t, "monthly"); len(got) != 1 {
		t.Errorf("monthly changes after April began in Paris: %d, want 1", len(got))
	}
	if got := w.changes(t, "weekly"); len(got) != 1 {
		t.Errorf("a week without change made a weekly change: %d", len(got))
	}
}

func TestEvaluationsPropagateUpTheGroups(t *testing.T) {
	w := newWorld(t)
	day := func(d int) time.Time { return time.Date(2026, 3, d, 9, 0, 0, 0, w.clk.Now().Location()) }
	w.fetchAt(t, day(2), "Soup of the day: leek.")
	w.fetchAt(t, day(3), "Soup of the day: leek. Prices up by half from Monday.")
	w.fetchAt(t, day(9), "Soup of the day: leek. Prices up by half from Monday.")
	daily := w.changes(t, "daily")
	if err := w.st.Evaluate(ctx, vigil.Evaluation{ChangeID: daily[0].ID, UserID: w.ann, Rating: "important", Comment: "prices", At: day(3)}); err != nil {
		t.Fatal(err)
	}
	if err := w.st.SetPageFollow(ctx, vigil.PageFollow{UserID: w.bob, FeedID: w.page, Threshold: "important", Frequency: "weekly"}); err != nil {
		t.Fatal(err)
	}
	f, err := updates.Build(ctx, w.st, w.bob, updates.Config{})
	if err != nil {
		t.Fatal(err)
	}
	got := f.Pages[0].Changes
	if len(got) != 1 || got[0].Group != "weekly" {
		t.Fatalf("bob's weekly folder: %+v", got)
	}
	c := got[0]
	if c.Below == nil || c.Below.Severity.String() != "important" || c.Community.Severity.String() != "important" || !c.Tell {
		t.Errorf("weekly change: below %+v, community %+v, tell %v; want the daily group's important rating to reach bob", c.Below, c.Community, c.Tell)
	}
}

// calendar is a calendar in loc with Monday weeks.
func calendar(loc *time.Location) change.Calendar {
	return change.Calendar{Location: loc}
}
