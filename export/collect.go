package export

import (
	"cmp"
	"context"

	"vigil"
	"vigil/store"
)

// Reader is what Collect reads of a store.
type Reader interface {
	Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error)
	Page(ctx context.Context, feedID int64) (*vigil.Page, error)
	PageFollow(ctx context.Context, userID, feedID int64) (*vigil.PageFollow, error)
}

var _ Reader = store.Store(nil)

// Collect returns the user's subscriptions as entries, each page with its
// settings and the user's own.
func Collect(ctx context.Context, st Reader, userID int64) ([]Entry, error) {
	subs, err := st.Subscriptions(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(subs))
	for i, s := range subs {
		out[i] = Entry{Title: cmp.Or(s.Title, s.Feed.Title), URL: s.Feed.URL, SiteURL: s.Feed.SiteURL, Folder: s.Folder,
			Name: s.Title, Weight: s.Weight}
		page, err := st.Page(ctx, s.Feed.ID)
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		pf, err := st.PageFollow(ctx, userID, s.Feed.ID)
		if err != nil {
			return nil, err
		}
		out[i].Page = settingsOf(page, pf)
	}
	return out, nil
}

// settingsOf returns the travelling settings of a page and a follower's.
func settingsOf(p *vigil.Page, pf *vigil.PageFollow) *PageSettings {
	conds := make([]string, len(pf.Conditions))
	for i, c := range pf.Conditions {
		conds[i] = c.String()
	}
	return &PageSettings{
		Kinds: nonNil(p.Kinds), Selector: p.Selector, Ignore: nonNil(p.Ignore), Returns: p.Returns,
		Render: p.Render, WaitFor: p.WaitFor, XPath: p.XPath, JQ: p.JQ, NoiseUndone: nilIfEmpty(p.NoiseForgotten),
		Threshold: pf.Threshold, Frequency: pf.Frequency, Conditions: conds,
	}
}

// nilIfEmpty returns s, or nil when it is empty, so that JSON leaves out
// a list that is usually empty.
func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// nonNil returns s, or an empty list for nil, so that JSON shows [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
