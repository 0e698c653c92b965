package monitor

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"vigil"
	"vigil/fetch"
	"vigil/plan"
	"vigil/store"
)

// FetchPage fetches one watched page now and stores, in one transaction,
// the observation, a new version when the body differs byte for byte from
// the latest one (with its extract and the change against it), and the
// page's next state. An unchanged page (a 304, or the same bytes) costs no
// version. Everything else is as for feeds: politeness, the SSRF guard, the
// body cap, backoff, redirects and the planner. A page watched with Render
// is fetched through the Renderer instead (no conditional GET: the DOM is
// compared as the body).
func (m *Monitor) FetchPage(ctx context.Context, f vigil.Feed, p *vigil.Page) (Result, error) {
	release, err := m.hosts.Acquire(ctx, f.URL)
	if err != nil {
		return Result{}, fmt.Errorf("monitor: waiting for host of %s: %w", fetch.RedactURL(f.URL), err)
	}
	at := m.clk.Now()
	resp, ferr := m.get(ctx, f, p)
	release()
	if ctx.Err() != nil {
		return Result{}, ctx.Err()
	}
	return m.storePage(ctx, f, p, classifyPage(resp, ferr), at)
}

// storePage stores a page fetch that started at at and ended with o.
func (m *Monitor) storePage(ctx context.Context, f vigil.Feed, p *vigil.Page, o outcome, at time.Time) (Result, error) {
	pf, title, err := m.pageFetched(ctx, f, p, o, at)
	if err != nil {
		return Result{}, err
	}
	history, err := m.st.Observations(ctx, f.ID, maxChecks)
	if err != nil {
		return Result{}, fmt.Errorf("monitor: reading fetches of %s: %w", fetch.RedactURL(f.URL), err)
	}
	var saved *vigil.Feed
	ing, err := m.st.IngestPage(context.WithoutCancel(ctx), pf, func(changed bool, _ *vigil.Feed) (*vigil.Feed, error) {
		nf, err := m.nextPageState(f, o, pf.Observation, changed, history, title, at)
		saved = nf
		return nf, err
	})
	if err != nil {
		return Result{}, fmt.Errorf("monitor: storing fetch of %s: %w", fetch.RedactURL(f.URL), err)
	}
	if m.events != nil {
		// Counted as a feed's fetch is; a page's change is no item, so the
		// observation's item counts stay 0.
		m.events.Fetched(pf.Observation, o.verdict.String())
	}
	res := Result{FeedID: f.ID, URL: f.URL, Err: o.err, NextTime: saved.NextFetch}
	if ing.ChangeID != 0 {
		res.Updated = 1
	}
	if o.resp != nil {
		res.Status = o.resp.Status
		if o.verdict == fetched || o.verdict == notModified {
			res.MovedTo, _ = m.follow(ctx, f, o.resp.PermanentURL, at)
		}
	}
	if ing.VersionID != 0 {
		m.reportDuplicate(ctx, f, p, pf.Version.Hash, at)
	}
	if o.verdict == fetched || o.verdict == notModified {
		if err := m.groupChanges(context.WithoutCancel(ctx), f, p, history, at); err != nil {
			m.log.Error("storing the groups' changes", "feed", f.ID, "error", err)
		}
	}
	m.log.Debug("fetched page", "feed", f.ID, "url", fetch.RedactURL(f.URL), "status", res.Status, "version", ing.VersionID, "change", ing.ChangeID, "stored_bytes", ing.NewBytes)
	return res, nil
}

// pageFetched builds what a page fetch stores: the observation, and for a
// body that differs from the latest version a new version measured against
// it. It also returns the page's title when the body had one.
func (m *Monitor) pageFetched(ctx context.Context, f vigil.Feed, p *vigil.Page, o outcome, at time.Time) (store.PageFetched, string, error) {
	pf := store.PageFetched{FeedID: f.ID, Observation: o.observation(f.ID, at)}
	if o.verdict != fetched {
		return pf, "", nil
	}
	pf.Read, pf.ContentType = true, o.resp.ContentType
	sum := sha256.Sum256(o.resp.Body)
	hash := hex.EncodeToString(sum[:])
	noise := noiseStats(p)
	latest, err := m.st.Versions(ctx, f.ID, 1) // the hash alone: an unchanged fetch reads no body
	if err != nil {
		return pf, "", fmt.Errorf("monitor: reading the latest version of %s: %w", fetch.RedactURL(f.URL), err)
	}
	if len(latest) > 0 && latest[0].Hash == hash {
		pf.Note = p.Note // unchanged bytes: what was said of them still holds
		noise.ObserveUnchanged()
		pf.Noise, _ = json.Marshal(noise)
		return pf, "", nil
	}
	var prev *previous
	if len(latest) > 0 {
		id := latest[0].ID
		prev = &previous{id: id, doc: m.docs.get(f.ID, latest[0].Hash),
			loadExtract: func() (*vigil.PageVersion, error) {
				v, err := m.st.VersionExtract(ctx, id)
				if err != nil {
					return nil, fmt.Errorf("monitor: reading the latest version's extract of %s: %w", fetch.RedactURL(f.URL), err)
				}
				return v, nil
			},
			load: func() (*vigil.PageVersion, error) {
				v, err := m.st.Version(ctx, id)
				if err != nil {
					return nil, fmt.Errorf("monitor: reading the latest version of %s: %w", fetch.RedactURL(f.URL), err)
				}
				return v, nil
			}}
	}
	mv, err := measure(prev, o.resp.Body, o.resp.ContentType, o.resp.URL, p)
	if err != nil {
		return pf, "", err
	}
	conds, err := m.pageConditions(ctx, f)
	if err != nil {
		return pf, "", err
	}
	if err := m.withholdFromFollowers(conds, &mv, prev, o.resp.Body, o.resp.ContentType); err != nil {
		return pf, "", err
	}
	if mv.doc != nil {
		m.docs.put(f.ID, hash, mv.doc)
		if mv.old != nil {
			noise.Observe(mv.old, mv.doc)
			noise.Mark(at, noiseOptions(p, conds))
		}
		mv.remember(&noise.Recent, p.Returns)
		pf.Noise, _ = json.Marshal(noise)
	}
	pf.Note = mv.note
	pf.Version = &store.NewVersion{Hash: hash, ContentType: o.resp.ContentType, Body: o.resp.Body, Extract: mv.extract, Change: mv.newChange()}
	return pf, mv.title, nil
}

// nextPageState is nextState for a page: a change counts as one new item
// for the planner's models, whose rate level is then set from the change
// rate estimated on change-only observations when the planner takes one.
func (m *Monitor) nextPageState(f vigil.Feed, o outcome, obs vigil.Observation, changed bool, history []vigil.Observation, title string, at time.Time) (*vigil.Feed, error) {
	if changed {
		obs.NewItems = 1
	}
	nf, err := m.nextState(f, o, obs, vigil.Ingested{}, at, false)
	if err != nil || (o.verdict != fetched && o.verdict != notModified) {
		return nf, err
	}
	if title != "" {
		nf.Title = title
	}
	cr, ok := m.planner.(changeRater)
	if !ok {
		return nf, nil
	}
	if rate, ok := pageChangeRate(changeChecks(history, at, changed)); ok {
		if err := cr.SetChangeRate(nf, rate); err != nil {
			return nil, err
		}
		nf.NextFetch = plan.Constrain(m.planner.Next(nf, at), nf.Hints, at)
	}
	return nf, nil
}

// classifyPage is classify for a page: a 2xx body is kept as it is, never
// parsed as a feed.
func classifyPage(resp *fetch.Response, err error) outcome {
	if err == nil && resp.Status >= 200 && resp.Status < 300 {
		return outcome{verdict: fetched, resp: resp}
	}
	return classify(resp, err)
}

// reportDuplicate tells the page's first follower when another watched
// page has the same content (Glance et al. §3.1.4: the same document under
// two URLs is reported to the first submitter), once per pair.
func (m *Monitor) reportDuplicate(ctx context.Context, f vigil.Feed, p *vigil.Page, hash string, at time.Time) {
	other, err := m.st.DuplicatePage(ctx, f.ID, hash)
	if err != nil || p.OwnerID == 0 {
		return // none found (or the lookup failed: it is retried at the next change)
	}
	o, err := m.st.Feed(ctx, other)
	if err != nil {
		return
	}
	text := fmt.Sprintf("The page %s has the same content as the page %s: the same document under two URLs (you can merge them on the page's view in vigil: its followers then follow %s).", f.URL, o.URL, o.URL)
	if err := m.st.AddNotice(context.WithoutCancel(ctx), p.OwnerID, text, at); err != nil {
		m.log.Error("telling of a duplicate page", "feed", f.ID, "error", err)
	}
}
