package monitor

import (
	"context"
	"encoding/json"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// groupChanges stores the changes the weekly and monthly groups see when
// a fetch at at opens their period (Glance et al. §3.1.1): the version
// current at the first fetch of the period that ended was the group's
// reference version, the version current now is the next one, and when
// they differ the group sees the change between them. The daily group sees
// every change the agent detects between consecutive versions, which is
// at least as fine as daily references (a choice: the paper's daily group
// would wait for the next day). history is the page's observations before
// this fetch, newest first.
func (m *Monitor) groupChanges(ctx context.Context, f vigil.Feed, p *vigil.Page, history []vigil.Observation, at time.Time) error {
	prev := lastSuccess(history)
	if prev.IsZero() {
		return nil
	}
	for _, fr := range m.cfg.Calendar.Starts(prev, at) {
		if fr == change.Daily {
			continue
		}
		if err := m.groupChange(ctx, f, p, fr, firstSuccessSince(history, m.cfg.Calendar.PeriodStart(prev, fr)), at); err != nil {
			return err
		}
	}
	return nil
}

// groupChange stores the change of group fr from the version current at
// from to the version current at at, if they differ.
func (m *Monitor) groupChange(ctx context.Context, f vigil.Feed, p *vigil.Page, fr change.Frequency, from, at time.Time) error {
	old, err := m.st.VersionAt(ctx, f.ID, from)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	cur, err := m.st.VersionAt(ctx, f.ID, at)
	if err != nil || cur.ID == old.ID {
		return err
	}
	// Both reference versions are read as the page is watched now (their
	// stored extracts may date from other settings).
	opts := extractOptions(p, f.URL)
	a, b := previousDocument(old, opts), previousDocument(cur, opts)
	if a.Watch.Key() != b.Watch.Key() { // the options fit one version only: the whole page
		opts = change.ExtractOptions{Base: f.URL}
		a, b = previousDocument(old, opts), previousDocument(cur, opts)
	}
	e := change.CompareWith(a, b, change.CompareOptions{Kinds: kindsOf(p.Kinds)})
	if !e.Any {
		return nil
	}
	ext, _ := json.Marshal(e)
	_, err = m.st.AddGroupChange(ctx, f.ID, fr.String(), cur.ID,
		store.NewChange{PrevID: old.ID, Extents: ext, Severity: e.Severity.String(), Summary: e.Summary}, at)
	return err
}

// lastSuccess is the time of the newest successful fetch in history
// (newest first), or zero.
func lastSuccess(history []vigil.Observation) time.Time {
	for _, o := range history {
		if succeeded(o) {
			return o.At
		}
	}
	return time.Time{}
}

// firstSuccessSince is the time of the oldest successful fetch at or after
// start in history (newest first); start itself when none is kept.
func firstSuccessSince(history []vigil.Observation, start time.Time) time.Time {
	first := start
	for _, o := range history {
		if o.At.Before(start) {
			break
		}
		if succeeded(o) {
			first = o.At
		}
	}
	return first
}
