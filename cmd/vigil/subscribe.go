package main

import (
	"cmp"
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"vigil"
	"vigil/store"
)

func runAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "add", "URL", "Subscribe a user to a feed, or with --page watch a web page with its settings (what is watched and how\n"+
		"it is read are the page's first follower's to set). --user may be left out when there is one user.")
	user := f.String("user", "", "user `name`")
	page := f.Bool("page", false, "watch URL as a page: store its versions and report how it changes")
	weight := f.Float64("weight", 1, "how much this subscription counts in planning (> 0)")
	settings := addPageFlags(f)
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if !*page && settings.any() {
		return usageError{"the page settings (--render, --selector, --jq, --condition, ...) need --page"}
	}
	url, err := vigil.NormalizeFeedURL(f.Arg(0))
	if err != nil {
		return usageError{vigil.ErrorMessage(err)}
	}
	if !(*weight > 0) {
		return usageError{fmt.Sprintf("--weight must be greater than 0, got %v", *weight)}
	}
	if _, err := store.PageReturns(*settings.returns); err != nil {
		return usageError{"--" + vigil.ErrorMessage(err)}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	if *page {
		return addPage(ctx, e, st, u, url, *weight, settings)
	}
	sub, err := st.Subscribe(ctx, u.ID, url, *weight, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s follows feed %d: %s\n", u.Name, sub.Feed.ID, sub.Feed.URL)
	return nil
}

func runFeeds(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "feeds", "", "List a user's subscriptions with their state; with --all, every feed.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	all := f.Bool("all", false, "list every stored feed, whoever follows it")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, err := f.openReading()
	if err != nil {
		return err
	}
	defer st.Close()
	var feeds []vigil.Feed
	var folders map[int64]string
	if *all {
		feeds, err = st.Feeds(ctx)
	} else {
		feeds, folders, err = userFeeds(ctx, st, *user)
	}
	if err != nil {
		return err
	}
	if err := attachPushes(ctx, st, feeds); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tITEMS\tRATE/H\tWEIGHT\tLAST FETCH\tNEXT FETCH\tPUSH\tFOLDER\tURL\tLAST ERROR")
	for _, fd := range feeds {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%g\t%s\t%s\t%s\t%s\t%s\t%s\n", fd.ID, fd.State(), fd.ItemCount, rateCell(fd, time.Now()), fd.Weight,
			stamp(fd.LastFetch), stamp(fd.NextFetch), pushCell(fd.Push), cmp.Or(folders[fd.ID], "-"), fd.URL, cmp.Or(fd.LastError, pushNote(fd.Push)))
	}
	return tw.Flush()
}

// userFeeds returns the feeds a user follows, each with the user's own
// weight for it, and the user's folder of each feed by feed ID.
func userFeeds(ctx context.Context, st store.Store, name string) ([]vigil.Feed, map[int64]string, error) {
	u, err := findUser(ctx, st, name)
	if err != nil {
		return nil, nil, err
	}
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return nil, nil, err
	}
	feeds := make([]vigil.Feed, len(subs))
	folders := make(map[int64]string, len(subs))
	for i, s := range subs {
		feeds[i] = s.Feed
		feeds[i].Weight = s.Weight
		folders[s.Feed.ID] = s.Folder
	}
	return feeds, folders, nil
}

// stamp formats a time for tables, "-" for the zero time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}
