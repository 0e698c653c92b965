package monitor

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"vigil"
)

// CheckGap is the least time between a feed's last fetch and a check a
// person asks for (CheckNow), so that a button pressed again and again
// does not hammer the feed's server.
const CheckGap = time.Minute

// CheckRefused is why a check asked for now was not made, and when it may
// be asked again.
type CheckRefused struct {
	Reason string
	// Until is when a check may be made; zero when it is as soon as the
	// fetch under way ends.
	Until time.Time
}

// Error says that the feed was not checked, and why.
func (e *CheckRefused) Error() string { return "not checked now: " + e.Reason }

// RetryAt is when a check may be asked for again; zero: in a moment.
func (e *CheckRefused) RetryAt() time.Time { return e.Until }

// HTTPStatus is 429 Too Many Requests.
func (e *CheckRefused) HTTPStatus() int { return http.StatusTooManyRequests }

// CheckNow fetches feed id (a feed or a watched page) now because a person
// asked, and stores what came as any fetch. It refuses with a
// *CheckRefused, making no request, within CheckGap of the feed's last
// fetch, before the time its server asked not to be fetched before
// (Retry-After, Cache-Control max-age or Expires: the hints only lengthen
// the wait), while this process fetches it already or its host holds its
// share of fetches, and when the fetch budget is spent. The feed's host's
// politeness gap still applies to the fetch itself.
func (m *Monitor) CheckNow(ctx context.Context, id int64) (Result, error) {
	f, err := m.st.Feed(ctx, id)
	if err != nil {
		return Result{}, err
	}
	switch m.claim(id, f.URL) {
	case alreadyOwned:
		return Result{}, &CheckRefused{Reason: "it is being fetched at this moment; look again in a few seconds"}
	case hostBusy:
		return Result{}, &CheckRefused{Reason: "other fetches from its server are under way; ask again in a few seconds"}
	}
	defer m.release(id)
	if f, err = m.st.Feed(ctx, id); err != nil { // as it is now that it is claimed
		return Result{}, err
	}
	now := m.clk.Now()
	if refused := checkTooSoon(*f, now); refused != nil {
		return Result{}, refused
	}
	if !m.spend(ctx, now) {
		return Result{}, &CheckRefused{Reason: fmt.Sprintf("the budget of %d fetches per hour is spent", m.cfg.BudgetPerHour), Until: now.Add(time.Minute)}
	}
	page, err := m.pageOf(ctx, *f)
	if err != nil {
		return Result{}, err
	}
	return m.fetchFeed(ctx, *f, page, fetchKnown{})
}

// checkTooSoon refuses a check of f at now within CheckGap of its last
// fetch, or before its server's NotBefore hint; nil when it may be made.
func checkTooSoon(f vigil.Feed, now time.Time) *CheckRefused {
	gap := f.LastFetch.Add(CheckGap)
	switch {
	case f.Hints.NotBefore.After(now) && f.Hints.NotBefore.After(gap):
		return &CheckRefused{Until: f.Hints.NotBefore, Reason: fmt.Sprintf("its server asked not to be fetched again before %s (%s from now)",
			utc(f.Hints.NotBefore), roundUp(f.Hints.NotBefore.Sub(now)))}
	case !f.LastFetch.IsZero() && gap.After(now):
		return &CheckRefused{Until: gap, Reason: fmt.Sprintf("it was fetched at %s, and vigil asks a server for a feed at most once a minute: ask again after %s (%s from now)",
			utc(f.LastFetch), utc(gap), roundUp(gap.Sub(now)))}
	}
	return nil
}

// utc formats a time in UTC to the second.
func utc(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

// roundUp is d rounded up to the second.
func roundUp(d time.Duration) time.Duration { return (d + time.Second - 1).Truncate(time.Second) }
