package monitor

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
)

// TestFedFeedGivesItsBudgetToTheOthers: once its WebSub hub feeds the busy
// feed, the re-plan splits the whole budget over the slow one, and leaves
// the fed feed at its verification poll.
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
	if alone < 2*shared || alone < 40 {
		t.Errorf("the slow feed is planned %d fetches a day once the busy one is fed (%d before), want the whole budget of 48", alone, shared)
	}
	t.Logf("the slow feed's fetches a day: %d shared, %d once the busy feed is fed", shared, alone)
	if f := h.feed(busy.ID); !f.NextFetch.Equal(res.NextTime) {
		t.Errorf("the re-plan moved the fed feed's verification poll to %v", f.NextFetch)
	}
}
