package monitor

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"vigil"
	"vigil/feed"
	"vigil/fetch"
)

// HubFinder hears the feeds fetched and parsed, with the response's
// headers and body, to find the WebSub hubs they advertise
// (websub.Subscriber is one).
type HubFinder interface {
	// Found looks for hubs in a feed's fetched document.
	Found(ctx context.Context, f vigil.Feed, h http.Header, body []byte)
}

// pushOf returns the feed's WebSub subscription, or nil when it has none
// or it cannot be read (the feed is then polled as any other).
func (m *Monitor) pushOf(ctx context.Context, feedID int64) *vigil.Push {
	p, err := m.st.Push(ctx, feedID)
	if err != nil {
		if vigil.ErrorCode(err) != vigil.ENOTFOUND {
			m.log.Error("reading the WebSub subscription", "feed", feedID, "error", err)
		}
		return nil
	}
	return p
}

// missedPushes counts, of the items a poll of a fed feed stored for the
// first time, those published at least PushGrace before the poll: items
// its hub should have pushed and did not. An item without a date counts.
// A feed its hub does not feed misses nothing.
func (m *Monitor) missedPushes(p *vigil.Push, added []vigil.Item, at time.Time) int {
	if !p.Fed(at) {
		return 0
	}
	n := 0
	for _, it := range added {
		if it.Published.IsZero() || !it.Published.After(at.Add(-m.cfg.PushGrace)) {
			n++
		}
	}
	return n
}

// afterPull follows a poll: a fed feed whose hub missed items falls back
// to polling (its subscription turns silent, which the feed's page, 'vigil
// feeds' and the API show); a parsed feed is shown to the HubFinder.
func (m *Monitor) afterPull(ctx context.Context, f vigil.Feed, o outcome, p *vigil.Push, missed int, at time.Time) {
	if missed > 0 {
		p.State, p.LeaseUntil, p.Requested = vigil.PushSilent, time.Time{}, at
		p.Note = fmt.Sprintf("a verification poll at %s found %d items the hub never pushed: polling again",
			at.UTC().Format(time.RFC3339), missed)
		if err := m.st.SavePush(context.WithoutCancel(ctx), *p); err != nil {
			m.log.Error("recording a silent WebSub hub", "feed", f.ID, "error", err)
		}
		m.log.Warn("WebSub hub gone silent; polling the feed again", "feed", f.ID, "hub", fetch.RedactURL(p.Hub), "missed", missed)
	}
	if m.hubs != nil && o.verdict == fetched && o.resp != nil {
		m.hubs.Found(ctx, f, o.resp.Header, o.resp.Body)
	}
}

// IngestPush stores the content a feed's WebSub hub delivered at at (a
// fat ping) as a fetch of the feed would: the same parser and item
// identity, new items inserted, edits updated, repeats ignored, alerts
// queued, and an observation marked Pushed in the ledger. The feed's
// schedule and model are left as they are. A body that is not a feed is
// an EINVALID error and stores nothing.
func (m *Monitor) IngestPush(ctx context.Context, feedID int64, body []byte, contentType string, at time.Time) (vigil.Ingested, error) {
	f, err := m.st.Feed(ctx, feedID)
	if err != nil {
		return vigil.Ingested{}, err
	}
	parsed, err := feed.Parse(body, feed.Options{ContentType: contentType, BaseURL: f.URL})
	if err != nil {
		return vigil.Ingested{}, vigil.Errorf(vigil.EINVALID, "the pushed content of feed %d is not a feed: %v", feedID, err)
	}
	obs := vigil.Observation{FeedID: feedID, At: at, Status: http.StatusOK, Bytes: int64(len(body)),
		Items: len(parsed.Items), Pushed: true}
	ing, err := m.st.Ingest(ctx, vigil.Fetched{FeedID: feedID, Observation: obs, Items: parsed.Items},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil {
		return vigil.Ingested{}, fmt.Errorf("monitor: storing pushed content of %s: %w", fetch.RedactURL(f.URL), err)
	}
	m.log.Debug("pushed", "feed", feedID, "new", len(ing.New), "updated", len(ing.Updated))
	return ing, nil
}

// setVerify keeps the fed feeds' verification intervals of a re-plan.
func (m *Monitor) setVerify(every map[int64]time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.verify = every
}

// verifyEvery returns the verification interval of feed id, fed by its
// WebSub hub, after a poll at now whose plan would fetch it next at
// planned were it not fed: the last re-plan's interval (plan.SplitPlan),
// or, for a feed fed since, before any re-plan or under a planner that
// does not re-plan, the same rule over planned (plan.Verification).
func (m *Monitor) verifyEvery(id int64, planned, now time.Time) time.Duration {
	m.mu.Lock()
	every, ok := m.verify[id]
	m.mu.Unlock()
	if ok {
		return every
	}
	return m.cfg.verification().Interval(planned.Sub(now))
}

// fedFeeds returns the IDs of the feeds their WebSub hubs feed at now.
func (m *Monitor) fedFeeds(ctx context.Context, now time.Time) map[int64]bool {
	pushes, err := m.st.Pushes(ctx)
	if err != nil {
		m.log.Error("listing WebSub subscriptions", "error", err)
		return nil
	}
	fed := map[int64]bool{}
	for i := range pushes {
		if pushes[i].Fed(now) {
			fed[pushes[i].FeedID] = true
		}
	}
	return fed
}
