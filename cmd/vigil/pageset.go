package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"vigil"
	"vigil/store"
)

// runPageSet runs `vigil page set PAGE`: the page settings of `vigil add
// --page` for a page the user follows already.
func runPageSet(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "page set", "PAGE",
		"Change the settings of a page the user watches (PAGE: its id, as 'vigil feeds' lists it, or its URL).\n"+
			"What is watched and how it is read is the page's first follower's to set; threshold, group and\n"+
			"conditions are each follower's own. Only the flags given change.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	settings := addPageFlags(f)
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if !settings.any() {
		return usageError{"give at least one setting to change (see vigil page set -h)"}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := followedPage(ctx, st, u.ID, f.Arg(0))
	if err != nil {
		return err
	}
	if err := settings.apply(ctx, st, u.ID, id); err != nil {
		return err
	}
	return printPageSettings(ctx, e, st, u.ID, id)
}

// followedPage finds the page the user follows by ID or URL.
func followedPage(ctx context.Context, st store.Store, userID int64, ref string) (int64, error) {
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		if _, err := st.PageFollow(ctx, userID, id); err != nil {
			return 0, err
		}
		return id, nil
	}
	url, err := vigil.NormalizeFeedURL(ref)
	if err != nil {
		return 0, usageError{fmt.Sprintf("PAGE must be a page id or URL: %s", vigil.ErrorMessage(err))}
	}
	subs, err := st.Subscriptions(ctx, userID)
	if err != nil {
		return 0, err
	}
	for _, s := range subs {
		if s.Feed.URL == url {
			if _, err := st.PageFollow(ctx, userID, s.Feed.ID); err != nil {
				return 0, err
			}
			return s.Feed.ID, nil
		}
	}
	return 0, vigil.Errorf(vigil.ENOTFOUND, "you watch no page at %s", url)
}

// printPageSettings prints the page's settings as they are now stored.
func printPageSettings(ctx context.Context, e *env, st store.Store, userID, feedID int64) error {
	p, err := st.Page(ctx, feedID)
	if err != nil {
		return err
	}
	pf, err := st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "page %d: kinds %v, selector %q, xpath %q, jq %q, ignore %q, render %v, wait for %q\n",
		feedID, p.Kinds, p.Selector, p.XPath, p.JQ, p.Ignore, p.Render, p.WaitFor)
	fmt.Fprintf(e.stdout, "yours: threshold %s, frequency %s, conditions %s\n", pf.Threshold, pf.Frequency, conditionsText(pf.Conditions))
	return nil
}

// conditionsText writes conditions as --condition takes them.
func conditionsText(conds []vigil.Condition) string {
	if len(conds) == 0 {
		return "none"
	}
	out := make([]string, len(conds))
	for i, c := range conds {
		out[i] = c.String()
	}
	return strings.Join(out, ", ")
}
