package export

import (
	"context"
	"fmt"

	"vigil"
	"vigil/store"
)

// Store is what Import reads and changes in a store.
type Store interface {
	Reader
	SetFolder(ctx context.Context, userID, feedID int64, folder string) error
	SetFeedTitle(ctx context.Context, feedID int64, title string) (bool, error)
	RenameSubscription(ctx context.Context, userID, feedID int64, title string) error
	SetPageKinds(ctx context.Context, userID, feedID int64, kinds []string) error
	SetPageSelector(ctx context.Context, userID, feedID int64, selector string) error
	SetPageIgnore(ctx context.Context, userID, feedID int64, rules []string) error
	SetPageReturns(ctx context.Context, userID, feedID int64, n int) error
	SetPageReading(ctx context.Context, userID, feedID int64, r vigil.PageReading) error
	SetPageNoiseForgotten(ctx context.Context, userID, feedID int64, keys []string) error
	SetPageFollow(ctx context.Context, pf vigil.PageFollow) error
	SetPageConditions(ctx context.Context, userID, feedID int64, conds []vigil.Condition) error
}

var _ Store = store.Store(nil)

// Follow makes a user follow a URL with a weight: Feed as a feed, Page as
// a page. The caller chooses them so that a server can wake its monitor;
// they check the weight.
type Follow struct {
	Feed func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error)
	Page func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error)
}

// Result is what an import did.
type Result struct {
	// Added counts the entries newly followed, Followed those the user
	// followed already (left as they were).
	Added, Followed int
	// Skipped says why each refused entry was refused, naming it.
	Skipped []string
	// Notes says what was not applied of entries that were imported.
	Notes []string
}

// Import makes the user follow the entries they do not follow yet, each
// page with its settings: the owner's only when the user is the page's
// owner (else a note says they were not applied), the follower's always.
// An entry with a bad URL or setting stores nothing and is noted; step,
// if not nil, is called before each entry.
func Import(ctx context.Context, st Store, follow Follow, userID int64, entries []Entry, step func(url string)) (Result, error) {
	var r Result
	subs, err := st.Subscriptions(ctx, userID)
	if err != nil {
		return r, err
	}
	following := make(map[string]bool, len(subs))
	for _, s := range subs {
		following[s.Feed.URL] = true
	}
	for _, e := range entries {
		if step != nil {
			step(e.URL)
		}
		url, err := vigil.NormalizeFeedURL(e.URL)
		if err != nil {
			r.Skipped = append(r.Skipped, fmt.Sprintf("%s: %s", quote(e.URL), vigil.ErrorMessage(err)))
			continue
		}
		if following[url] {
			r.Followed++
			continue
		}
		note, err := importEntry(ctx, st, follow, userID, url, e)
		if vigil.ErrorCode(err) == vigil.EINVALID || vigil.ErrorCode(err) == vigil.ECONFLICT {
			r.Skipped = append(r.Skipped, vigil.ErrorMessage(err))
			continue
		}
		if err != nil {
			return r, err
		}
		if note != "" {
			r.Notes = append(r.Notes, note)
		}
		following[url] = true
		r.Added++
	}
	return r, nil
}

// importEntry follows one new entry with its settings, checked before
// anything is stored; it returns a note of what was not applied.
func importEntry(ctx context.Context, st Store, follow Follow, userID int64, url string, e Entry) (string, error) {
	var c checked
	if _, err := store.SubscriptionTitle(e.Name); err != nil {
		return "", vigil.Errorf(vigil.EINVALID, "%s: name: %s", e.describe(), vigil.ErrorMessage(err))
	}
	followFn := follow.Feed
	if e.Page != nil {
		var err error
		if c, err = e.check(); err != nil {
			return "", err
		}
		followFn = follow.Page
	}
	weight := e.Weight
	if weight == 0 {
		weight = 1
	}
	sub, err := followFn(ctx, userID, url, weight)
	if err != nil {
		return "", vigil.Errorf(vigil.ErrorCode(err), "%s: %s", e.describe(), vigil.ErrorMessage(err))
	}
	if err := placeEntry(ctx, st, userID, sub.Feed.ID, e); err != nil || e.Page == nil {
		return "", err
	}
	return applyPage(ctx, st, userID, sub.Feed.ID, e, c)
}

// placeEntry puts a new subscription in the entry's folder, under the
// user's own name for it, and gives its feed the entry's title while it
// has none.
func placeEntry(ctx context.Context, st Store, userID, feedID int64, e Entry) error {
	if e.Folder != "" {
		if err := st.SetFolder(ctx, userID, feedID, e.Folder); err != nil {
			return err
		}
	}
	if e.Name != "" {
		if err := st.RenameSubscription(ctx, userID, feedID, e.Name); err != nil {
			return err
		}
	}
	if e.Title != "" {
		if _, err := st.SetFeedTitle(ctx, feedID, e.Title); err != nil {
			return err
		}
	}
	return nil
}
