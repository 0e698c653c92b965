package monitor

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"vigil"
	"vigil/plan"
	"vigil/policy"
)

// TestFedFeedGivesItsBudgetToTheOthers: once its WebSub hub feeds the busy
// feed, the re-plan gives the slow one the budget less the busy one's
// verification polls (every 6 h, 4 a day of 48), and leaves the fed feed
// at its verification poll, where it is then polled.
func TestFedFeedGivesItsBudgetToTheOthers(t *testing.T) {
	h := newHarness(t, Config{})
	live, err := policy.NewLive("accrued", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		every := 10 * time.Minute
		if r.URL.Path != "/busy" {
			every = 6 * time.Hour
		}
		var items []rssItem
		for i := range 10 {
			n := h.clk.Now().Truncate(every).Add(-time.Duration(i) * every).Unix()
			items = append(items, rssItem{fmt.Sprint(n), fmt.Sprint(n), "x"})
		}
		body(rss("", items...))(w, r)
	})
	busy, slow := h.subscribe(srv.URL+"/busy"), h.subscribe(srv.URL+"/slow")
	for range 12 {
		if _, err := h.mon.RunOnce(context.Background(), true); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	perDay := func(id int64) int {
		f := h.feed(id)
		n, end := 0, h.clk.Now().Add(24*time.Hour)
		for at := h.clk.Now(); ; n++ {
			at = live.Next(&f, at)
			if at.After(end) {
				return n
			}
			f.LastSuccess = at
		}
	}
	h.mon.replan(context.Background(), h.clk.Now())
	shared := perDay(slow.ID)
	h.fetch(busy.ID) // what the hub would have pushed meanwhile
	push := vigil.Push{FeedID: busy.ID, Hub: "https://hub.example/", Topic: busy.URL, State: vigil.PushActive, Key: "k",
		Requested: h.clk.Now(), LeaseUntil: h.clk.Now().Add(10 * 24 * time.Hour)}
	if err := h.st.SavePush(context.Background(), push); err != nil {
		t.Fatal(err)
	}
	res, _ := h.fetch(busy.ID)
	if want := h.clk.Now().Add(6 * time.Hour); !res.NextTime.Equal(want) {
		t.Fatalf("next fetch of the fed feed %v, want its verification poll at %v", res.NextTime, want)
	}
	h.mon.replan(context.Background(), h.clk.Now())
	alone := perDay(slow.ID)
	if alone < 2*shared || alone < 40 || alone > 45 {
		t.Errorf("the slow feed is planned %d fetches a day once the busy one is fed (%d before), want the budget of 48 less 4 verification polls", alone, shared)
	}
	t.Logf("the slow feed's fetches a day: %d shared, %d once the busy feed is fed", shared, alone)
	if f := h.feed(busy.ID); !f.NextFetch.Equal(res.NextTime) {
		t.Errorf("the re-plan moved the fed feed's verification poll to %v", f.NextFetch)
	}
	h.clk.Set(res.NextTime)
	h.hubPushes(busy)
	if _, err := h.mon.RunOnce(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	if f := h.feed(busy.ID); !f.LastFetch.Equal(res.NextTime) || !f.NextFetch.Equal(res.NextTime.Add(6*time.Hour)) {
		t.Errorf("the fed feed's poll due at %v: last fetch %v, next %v; want it polled then and next 6 h later", res.NextTime, f.LastFetch, f.NextFetch)
	}
}

// TestSeldomFedFeedCostsNoMoreThanUnfed: at a budget of one fetch per feed
// a day a feed polled every two days or so is, once fed, verified at the
// interval its policy gave it unfed (times the multiple), not every 6 h
// (several times its share); the re-plan gives the others what is left, so
// that they are polled no less often than before, and more often when the
// multiple frees some of the fed feed's share.
func TestSeldomFedFeedCostsNoMoreThanUnfed(t *testing.T) {
	for _, multiple := range []float64{1, 2} {
		t.Run(fmt.Sprint("multiple ", multiple), func(t *testing.T) { seldomFed(t, multiple) })
	}
}

func seldomFed(t *testing.T, multiple float64) {
	h := newHarness(t, Config{PushVerifyMultiple: multiple})
	live, err := policy.NewLive("accrued", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 7 * 24 * time.Hour}, 0.2, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		every := map[string]time.Duration{"/a": 2 * time.Hour, "/b": 3 * time.Hour, "/seldom": 24 * time.Hour}[r.URL.Path]
		var items []rssItem
		for i := range 10 {
			n := h.clk.Now().Truncate(every).Add(-time.Duration(i) * every).Unix()
			items = append(items, rssItem{fmt.Sprint(n), fmt.Sprint(n), "x"})
		}
		body(rss("", items...))(w, r)
	})
	a, b, seldom := h.subscribe(srv.URL+"/a"), h.subscribe(srv.URL+"/b"), h.subscribe(srv.URL+"/seldom")
	for range 4 * 24 {
		if _, err := h.mon.RunOnce(context.Background(), false); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	mean := func(id int64) time.Duration {
		f := h.feed(id)
		return plan.MeanInterval(func(at time.Time) time.Time {
			f.LastSuccess = at
			return live.Next(&f, at)
		}, h.clk.Now(), time.Minute)
	}
	h.mon.replan(context.Background(), h.clk.Now())
	unfed := map[int64]time.Duration{a.ID: mean(a.ID), b.ID: mean(b.ID), seldom.ID: mean(seldom.ID)}
	if unfed[seldom.ID] <= 6*time.Hour {
		t.Fatalf("the seldom feed is polled every %v unfed; the test wants one polled less often than every 6 h", unfed[seldom.ID])
	}
	push := vigil.Push{FeedID: seldom.ID, Hub: "https://hub.example/", Topic: seldom.URL, State: vigil.PushActive, Key: "k",
		Requested: h.clk.Now(), LeaseUntil: h.clk.Now().Add(10 * 24 * time.Hour)}
	if err := h.st.SavePush(context.Background(), push); err != nil {
		t.Fatal(err)
	}
	h.mon.replan(context.Background(), h.clk.Now())
	every := h.mon.verify[seldom.ID]
	want := time.Duration(multiple * float64(unfed[seldom.ID]))
	if d := every - want; d < -time.Minute || d > time.Minute {
		t.Errorf("the fed seldom feed is verified every %v, want %v × the %v it was polled at unfed", every, multiple, unfed[seldom.ID])
	}
	f := h.feed(seldom.ID)
	if want := f.LastFetch.Add(every); f.NextFetch.Sub(want).Abs() > time.Minute {
		t.Errorf("the fed feed's next fetch %v, want its verification interval after its last, %v", f.NextFetch, want)
	}
	for _, id := range []int64{a.ID, b.ID} {
		got := mean(id)
		if float64(got) > float64(unfed[id])*(1+1e-6) || multiple > 1 && got >= unfed[id] {
			t.Errorf("feed %d polled every %v once the seldom one is fed, every %v before", id, got, unfed[id])
		}
	}
	t.Logf("unfed intervals %v; the seldom feed fed: verified every %v, the others every %v and %v", unfed, every, mean(a.ID), mean(b.ID))
	h.clk.Set(f.NextFetch)
	h.hubPushes(seldom)
	res, _ := h.fetch(seldom.ID)
	if want := h.clk.Now().Add(every); !res.NextTime.Equal(want) {
		t.Errorf("after its verification poll the fed feed is next polled at %v, want %v", res.NextTime, want)
	}
}

// hubPushes has the feed's hub deliver what the feed shows now, as a fat
// ping, so that a verification poll then finds nothing the hub missed.
func (h *harness) hubPushes(f vigil.Feed) {
	h.t.Helper()
	resp, err := http.Get(f.URL)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.mon.IngestPush(context.Background(), f.ID, b, resp.Header.Get("Content-Type"), h.clk.Now()); err != nil {
		h.t.Fatal(err)
	}
}
