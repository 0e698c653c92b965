package monitor

import (
	"fmt"
	"time"

	"vigil"
	"vigil/plan"
)

// nextState returns the feed's state after a fetch that started at now,
// ended with o and stored ing: health, validators, hints, the planner's
// model and the next fetch time. It runs inside the ingest transaction.
// A feed its WebSub hub feeds (fed) is next polled only to verify the hub,
// its verification interval later (verifyEvery).
func (m *Monitor) nextState(f vigil.Feed, o outcome, obs vigil.Observation, ing vigil.Ingested, now time.Time, fed bool) (*vigil.Feed, error) {
	f.LastFetch = now
	if o.resp != nil {
		f.LastStatus = o.resp.Status
	} else {
		f.LastStatus = 0
	}
	var next time.Time
	switch o.verdict {
	case fetched, notModified:
		obs.NewItems, obs.Updated = len(ing.New), len(ing.Updated)
		m.succeed(&f, o, now)
		if err := m.planner.Observe(&f, obs, ing.New); err != nil {
			return nil, fmt.Errorf("monitor: planner %s on feed %d: %w", m.planner.Name(), f.ID, err)
		}
		planned := m.planner.Next(&f, now)
		next = planned
		if fed {
			next = plan.PushNext(planned, now, true, m.verifyEvery(f.ID, planned, now))
		}
	case throttled:
		next = m.throttle(&f, o, now)
	default:
		next = m.fail(&f, o, now)
	}
	f.NextFetch = plan.Constrain(next, f.Hints, now)
	return &f, nil
}

// succeed records a good answer: health restored, validators and hints
// taken from the response and the feed.
func (m *Monitor) succeed(f *vigil.Feed, o outcome, now time.Time) {
	f.Status, f.LastSuccess, f.LastError = vigil.FeedActive, now, ""
	f.Failures, f.FailingSince, f.Missing = 0, time.Time{}, 0
	if et := o.resp.ETag; et != "" || o.verdict == fetched {
		f.ETag = et
	}
	if lm := o.resp.LastModified; lm != "" || o.verdict == fetched {
		f.LastModified = lm
	}
	if p := o.parsed; p != nil {
		setIfAny(&f.Title, p.Title)
		setIfAny(&f.SiteURL, p.SiteURL)
		setIfAny(&f.Description, p.Description)
		setIfAny(&f.Language, p.Language)
		f.Hints = p.Hints
		f.Hints.TTL = min(f.Hints.TTL, m.cfg.MaxHintDelay)
		f.Hints.UpdatePeriod = min(f.Hints.UpdatePeriod, m.cfg.MaxHintDelay)
		f.Window = max(f.Window, len(p.Items))
	}
	f.Hints.NotBefore = m.capHint(o.resp.CacheUntil, now)
}

// throttle records a 429 or 503: not a failure, but no fetch before the
// server's Retry-After (or ThrottleDelay when it gave none), and never
// sooner than a failing feed is first retried (BackoffBase): a server
// that says "too many requests" with a Retry-After of 0, or of a past
// date, is not asked again at once.
func (m *Monitor) throttle(f *vigil.Feed, o outcome, now time.Time) time.Time {
	until := m.throttleUntil(o.resp.RetryAfter, now)
	f.Hints.NotBefore = until
	f.LastError = fmt.Sprintf("%s; asked to wait until %s", o.err, until.UTC().Format(time.RFC3339))
	return until
}

// throttleUntil is when a throttled feed may be fetched again, given the
// server's Retry-After (zero when it gave none or none that parses).
func (m *Monitor) throttleUntil(retryAfter, now time.Time) time.Time {
	if retryAfter.IsZero() {
		return now.Add(m.cfg.ThrottleDelay)
	}
	soonest := now.Add(m.cfg.BackoffBase)
	if ra := m.capHint(retryAfter, now); ra.After(soonest) {
		return ra
	}
	return soonest
}

// fail records a failure: the run of failures grows, the feed turns broken
// when the run has lasted BrokenAfter and gone after GoneAfter consecutive
// 404/410 answers, and the next try backs off exponentially. A failing feed
// is never dropped: it is retried, at worst every BackoffCap.
func (m *Monitor) fail(f *vigil.Feed, o outcome, now time.Time) time.Time {
	f.Failures++
	if f.FailingSince.IsZero() {
		f.FailingSince = now
	}
	f.LastError = o.err
	if o.verdict == missing {
		f.Missing++
	} else {
		f.Missing = 0
	}
	switch {
	case f.Missing >= m.cfg.GoneAfter:
		f.Status = vigil.FeedGone
	case now.Sub(f.FailingSince) >= m.cfg.BrokenAfter:
		f.Status = vigil.FeedBroken
	}
	next := now.Add(m.backoff.Delay(f.Failures))
	if o.resp != nil {
		if ra := m.capHint(o.resp.RetryAfter, now); ra.After(next) {
			next = ra
		}
	}
	return next
}

// capHint limits a server-given instant to MaxHintDelay after now; a zero
// or past instant gives zero.
func (m *Monitor) capHint(t, now time.Time) time.Time {
	if !t.After(now) {
		return time.Time{}
	}
	if limit := now.Add(m.cfg.MaxHintDelay); t.After(limit) {
		return limit
	}
	return t
}

func setIfAny(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}
