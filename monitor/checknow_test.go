package monitor

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vigil"
)

// TestCheckNowPoliteness asks for checks of one feed at set times on the
// virtual clock and counts the requests its server gets: a check within a
// minute of the last fetch, or before the time the server asked for, is
// refused without a request, saying why and until when.
func TestCheckNowPoliteness(t *testing.T) {
	h := newHarness(t, Config{})
	srv, sw := serve(t, body(rss("", rssItem{"1", "One", "x"})))
	f := h.subscribe(srv.URL + "/feed")
	requests := func() int {
		sw.mu.Lock()
		defer sw.mu.Unlock()
		return sw.n
	}
	steps := []struct {
		name     string
		after    time.Duration // clock moved before the check
		serve    func()        // the server's answer from this check on, nil: unchanged
		refused  string        // "" when the check is made
		until    time.Duration // the refusal's Until after the last fetch
		requests int           // the server's count after the check
	}{
		{"never fetched: checked", 0, nil, "", 0, 1},
		{"at once again: refused", 0, nil, "at most once a minute", time.Minute, 1},
		{"59 s later: refused", 59 * time.Second, nil, "at most once a minute", time.Minute, 1},
		{"a minute later: checked, the server asks for an hour", time.Second, func() { sw.set(status(503, "Retry-After", "3600")) }, "", 0, 2},
		{"a minute later: refused by the server's hint", time.Minute, nil, "asked not to be fetched again before", time.Hour, 2},
		{"the hour over: checked", time.Hour, func() { sw.set(body(rss("", rssItem{"2", "Two", "y"}))) }, "", 0, 3},
	}
	var last time.Time
	for _, s := range steps {
		h.clk.Advance(s.after)
		if s.serve != nil {
			s.serve()
		}
		res, err := h.mon.CheckNow(context.Background(), f.ID)
		var refused *CheckRefused
		switch {
		case s.refused == "" && err != nil:
			t.Errorf("%s: %v", s.name, err)
		case s.refused == "":
			last = h.clk.Now()
			if got := h.feed(f.ID).LastFetch; !got.Equal(last) {
				t.Errorf("%s: the feed's last fetch is %s, want now %s (result %+v)", s.name, got, last, res)
			}
		case !errors.As(err, &refused) || !strings.Contains(err.Error(), s.refused) || !refused.Until.Equal(last.Add(s.until)):
			t.Errorf("%s: %v (until %v); want a refusal saying %q until %s", s.name, err, refused, s.refused, last.Add(s.until))
		}
		if n := requests(); n != s.requests {
			t.Errorf("%s: the server got %d request(s), want %d", s.name, n, s.requests)
		}
	}
	if items, _ := h.st.Items(context.Background(), vigil.ItemQuery{UserID: h.user.ID, FeedID: f.ID}); len(items) != 2 {
		t.Errorf("the checks stored %d item(s), want 2", len(items))
	}
}

// TestCheckNowBudget refuses a check when the budget is spent.
func TestCheckNowBudget(t *testing.T) {
	h := newHarness(t, Config{BudgetPerHour: 1})
	srv, _ := serve(t, body(rss("", rssItem{"1", "One", "x"})))
	a, b := h.subscribe(srv.URL+"/a"), h.subscribe(srv.URL+"/b")
	if _, err := h.mon.CheckNow(context.Background(), a.ID); err != nil {
		t.Fatal(err)
	}
	var refused *CheckRefused
	if _, err := h.mon.CheckNow(context.Background(), b.ID); !errors.As(err, &refused) || !strings.Contains(err.Error(), "budget of 1 fetches per hour is spent") {
		t.Errorf("a check past the budget: %v, want refused naming the budget", err)
	}
}
