package updates

import (
	"context"
	"fmt"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// Config tunes the folder; the zero value means the defaults.
type Config struct {
	// Weights combine ratings; zero means change.DefaultWeights.
	Weights change.Weights
	// Recent is how many changes of each page the folder lists (default 5).
	Recent int
}

func (c Config) withDefaults() Config {
	if c.Weights == (change.Weights{}) {
		c.Weights = change.DefaultWeights()
	}
	if c.Recent <= 0 {
		c.Recent = 5
	}
	return c
}

// Folder is a user's Updates folder: every page they follow.
type Folder struct {
	Pages []Page `json:"pages"`
	// Flag is set when some page has something new worth a look.
	Flag bool `json:"flag"`
}

// Page is one followed page in the Updates folder.
type Page struct {
	Feed      vigil.Feed       `json:"feed"`
	State     vigil.Page       `json:"page"`
	Follow    vigil.PageFollow `json:"settings"`
	Followers int              `json:"followers"`
	// Changes are the latest changes, newest first.
	Changes []Change `json:"changes"`
	// New counts the changes since the user last looked that the
	// notification rule tells them of; Flag is New > 0.
	New  int  `json:"new"`
	Flag bool `json:"flag"`
	// Agreement measures the likely ratings on held-back ratings; nil
	// while the page has too few ratings.
	Agreement *Agreement `json:"agreement,omitempty"`
	// Since says the changes since the user last looked, in words
	// (change.Since), "" when they have looked at every change.
	Since string `json:"since,omitempty"`
}

// Build returns the user's Updates folder.
func Build(ctx context.Context, st FolderStore, userID int64, cfg Config) (Folder, error) {
	cfg = cfg.withDefaults()
	subs, err := st.Subscriptions(ctx, userID)
	if err != nil {
		return Folder{}, err
	}
	f := Folder{Pages: []Page{}}
	for _, sub := range subs {
		p, err := st.Page(ctx, sub.Feed.ID)
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			continue // a feed, not a page
		}
		if err != nil {
			return Folder{}, err
		}
		pg, err := buildPage(ctx, st, userID, sub.Feed, *p, cfg)
		if err != nil {
			return Folder{}, err
		}
		f.Flag = f.Flag || pg.Flag
		f.Pages = append(f.Pages, pg)
	}
	return f, nil
}

// buildPage gathers one page of the folder.
func buildPage(ctx context.Context, st Store, userID int64, feed vigil.Feed, p vigil.Page, cfg Config) (Page, error) {
	follow, err := st.PageFollow(ctx, userID, feed.ID)
	if err != nil {
		return Page{}, err
	}
	n, err := st.PageFollowers(ctx, feed.ID)
	if err != nil {
		return Page{}, err
	}
	pg := Page{Feed: feed, State: p, Follow: *follow, Followers: n}
	threshold, err := change.ParseSeverity(follow.Threshold)
	if err != nil {
		return Page{}, fmt.Errorf("updates: page %d: %w", feed.ID, err)
	}
	all, below, err := groupChanges(ctx, st, feed.ID, follow.Frequency, 500, cfg)
	if err != nil {
		return Page{}, err
	}
	var levels []change.Severity
	var since time.Time
	pred := predictor(all)
	pg.Agreement = agreementOf(all)
	for i, c := range all {
		v := View(c, userID, threshold, cfg.Weights, below[c.ID])
		v.Likely = likely(pred, v)
		if i < cfg.Recent {
			pg.Changes = append(pg.Changes, v)
		}
		if c.ID > follow.Seen && v.Tell {
			pg.New++
			levels = append(levels, v.Level())
			since = c.At
		}
	}
	pg.Flag = pg.New > 0
	if pg.New > 0 {
		pg.Since = change.Since(levels, since)
	}
	return pg, nil
}

// History returns a page's document history for the user: the five most
// recent changes and the five most important by the community, topped up
// with the agent's judgement (change.SelectHistory).
func History(ctx context.Context, st Store, userID, feedID int64, cfg Config) (recent, important []Change, err error) {
	cfg = cfg.withDefaults()
	follow, err := st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return nil, nil, err
	}
	threshold, _ := change.ParseSeverity(follow.Threshold)
	all, below, err := groupChanges(ctx, st, feedID, follow.Frequency, 1000, cfg)
	if err != nil {
		return nil, nil, err
	}
	byID := make(map[int64]Change, len(all))
	entries := make([]change.Entry, len(all))
	pred := predictor(all)
	for i, c := range all {
		v := View(c, userID, threshold, cfg.Weights, below[c.ID])
		v.Likely = likely(pred, v)
		byID[c.ID], entries[i] = v, v.Entry()
	}
	h := change.SelectHistory(entries, change.HistoryOptions{})
	for _, e := range h.Recent {
		recent = append(recent, byID[e.ID])
	}
	for _, e := range h.Important {
		important = append(important, byID[e.ID])
	}
	return recent, important, nil
}

// groupChanges lists a page's changes for a group, newest first, with the
// lower group's summary of each.
func groupChanges(ctx context.Context, st Store, feedID int64, group string, limit int, cfg Config) ([]vigil.PageChange, map[int64]*change.Rating, error) {
	all, err := st.Changes(ctx, store.ChangeQuery{FeedID: feedID, Group: group, Limit: limit})
	if err != nil {
		return nil, nil, err
	}
	ratings, err := propagated(ctx, st, all, cfg.Weights)
	if err != nil {
		return nil, nil, err
	}
	below := make(map[int64]*change.Rating, len(ratings))
	for id, r := range ratings {
		below[id] = &r
	}
	return all, below, nil
}
