package greader

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"vigil"
)

// Stream IDs of the states vigil keeps; "user/-/" may also be written with
// the user's ID in place of "-".
const (
	stateReadingList = "user/-/state/com.google/reading-list"
	stateRead        = "user/-/state/com.google/read"
	stateStarred     = "user/-/state/com.google/starred"
	stateKeptUnread  = "user/-/state/com.google/kept-unread"
	labelPrefix      = "user/-/label/"
	feedPrefix       = "feed/"
)

// Page sizes of the n parameter.
const (
	defaultN = 20
	maxN     = 10000
)

// feedStreamID is the stream ID of a feed: "feed/" and its URL.
func feedStreamID(f vigil.Feed) string { return feedPrefix + f.URL }

// labelStreamID is the stream ID of a folder.
func labelStreamID(folder string) string { return labelPrefix + folder }

// canonicalStream replaces the user's ID in "user/ID/..." by "-".
func canonicalStream(s string, u *vigil.User) string {
	if rest, ok := strings.CutPrefix(s, fmt.Sprintf("user/%d/", u.ID)); ok {
		return "user/-/" + rest
	}
	return s
}

// subscriptionFor finds the user's subscription a "feed/..." stream names:
// by URL, or by vigil's feed ID ("feed/12", as FreshRSS and Miniflux name
// feeds).
func (h *Handler) subscriptionFor(ctx context.Context, u *vigil.User, stream string) (*vigil.Subscription, error) {
	ref := strings.TrimPrefix(stream, feedPrefix)
	subs, err := h.st.Subscriptions(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	id, idErr := strconv.ParseInt(ref, 10, 64)
	for i, s := range subs {
		if s.Feed.URL == ref || idErr == nil && s.Feed.ID == id {
			return &subs[i], nil
		}
	}
	if norm, err := vigil.NormalizeFeedURL(ref); err == nil && norm != ref {
		return h.subscriptionFor(ctx, u, feedPrefix+norm)
	}
	return nil, vigil.Errorf(vigil.ENOTFOUND, "you do not follow the feed %q", ref)
}

// applyStream narrows q to the stream s names.
func (h *Handler) applyStream(ctx context.Context, u *vigil.User, s string, q *vigil.StreamQuery) error {
	s = canonicalStream(s, u)
	switch {
	case s == "" || s == stateReadingList:
	case s == stateStarred:
		q.StarredOnly = true
	case s == stateRead:
		q.ReadOnly = true
	case s == stateKeptUnread:
		q.ExcludeRead = true
	case strings.HasPrefix(s, labelPrefix):
		folder, err := vigil.CleanFolder(strings.TrimPrefix(s, labelPrefix))
		if err != nil {
			return err
		}
		if folder == "" {
			return vigil.Errorf(vigil.EINVALID, "stream %q names no label", s)
		}
		q.Folder = folder
	case strings.HasPrefix(s, feedPrefix):
		sub, err := h.subscriptionFor(ctx, u, s)
		if err != nil {
			return err
		}
		q.FeedID = sub.Feed.ID
	default:
		return vigil.Errorf(vigil.EINVALID, "unknown stream %q: use feed/URL, user/-/label/NAME or a user/-/state/com.google/ state", s)
	}
	return nil
}

// streamQuery builds the query of a stream listing from s and the
// parameters n, ot, nt, xt, it, c and r.
func (h *Handler) streamQuery(ctx context.Context, u *vigil.User, s string, form url.Values) (vigil.StreamQuery, error) {
	q := vigil.StreamQuery{UserID: u.ID}
	if err := h.applyStream(ctx, u, s, &q); err != nil {
		return q, err
	}
	steps := []func(*vigil.StreamQuery, *vigil.User, url.Values) error{parseN, parseTimes, parseFilters, parseOrder, parseContinuation}
	for _, step := range steps {
		if err := step(&q, u, form); err != nil {
			return q, err
		}
	}
	return q, nil
}

// parseN reads n, the page size.
func parseN(q *vigil.StreamQuery, _ *vigil.User, form url.Values) error {
	q.Limit = defaultN
	if v := form.Get("n"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return vigil.Errorf(vigil.EINVALID, "n must be a positive whole number, not %q", v)
		}
		q.Limit = min(n, maxN)
	}
	return nil
}

// parseTimes reads ot (the oldest time) and nt (the newest), in Unix
// seconds, against the items' sort time (publication, else first seen).
func parseTimes(q *vigil.StreamQuery, _ *vigil.User, form url.Values) error {
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"ot", &q.Since}, {"nt", &q.Until}} {
		v := form.Get(p.name)
		if v == "" {
			continue
		}
		secs, err := strconv.ParseInt(v, 10, 64)
		if err != nil || secs < 0 {
			return vigil.Errorf(vigil.EINVALID, "%s must be a time in Unix seconds, not %q", p.name, v)
		}
		*p.dst = time.Unix(secs, 0).UTC()
	}
	return nil
}

// parseFilters reads xt (exclude: read) and it (include: read, starred).
func parseFilters(q *vigil.StreamQuery, u *vigil.User, form url.Values) error {
	for _, v := range form["xt"] {
		switch canonicalStream(v, u) {
		case stateRead:
			q.ExcludeRead = true
		default:
			return vigil.Errorf(vigil.EINVALID, "xt=%q is not supported; only %s can be excluded", v, stateRead)
		}
	}
	for _, v := range form["it"] {
		switch canonicalStream(v, u) {
		case stateRead:
			q.ReadOnly = true
		case stateStarred:
			q.StarredOnly = true
		case stateKeptUnread:
			q.ExcludeRead = true
		default:
			return vigil.Errorf(vigil.EINVALID, "it=%q is not supported; use %s or %s", v, stateRead, stateStarred)
		}
	}
	return nil
}

// parseOrder reads r: "o" lists oldest first; the default, newest first.
func parseOrder(q *vigil.StreamQuery, _ *vigil.User, form url.Values) error {
	switch r := form.Get("r"); r {
	case "", "n", "d":
	case "o":
		q.OldestFirst = true
	default:
		return vigil.Errorf(vigil.EINVALID, "r must be o (oldest first) or n (newest first), not %q", r)
	}
	return nil
}

// parseContinuation reads c, a continuation this package wrote.
func parseContinuation(q *vigil.StreamQuery, _ *vigil.User, form url.Values) error {
	c := form.Get("c")
	if c == "" {
		return nil
	}
	at, id, ok := strings.Cut(c, "_")
	nanos, err1 := strconv.ParseInt(at, 10, 64)
	n, err2 := strconv.ParseInt(id, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return vigil.Errorf(vigil.EINVALID, "c=%q is not a continuation this server gave", c)
	}
	q.After = &vigil.StreamCursor{At: time.Unix(0, nanos).UTC(), ID: n}
	return nil
}

// continuation is the c value that continues after the last of a full
// page of entries, or "" when the page was not full.
func continuation(entries []vigil.StreamEntry, limit int) string {
	if len(entries) == 0 || len(entries) < limit {
		return ""
	}
	last := entries[len(entries)-1]
	return fmt.Sprintf("%d_%d", last.At.UnixNano(), last.ID)
}
