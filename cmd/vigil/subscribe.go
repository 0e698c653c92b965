package main

import (
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"vigil"
	"vigil/store"
)

func runAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "add", "URL", "Subscribe a user to a feed. --user may be left out when there is one user.")
	user := f.String("user", "", "user `name`")
	weight := f.Float64("weight", 1, "how much this subscription counts in planning (> 0)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	url, err := vigil.NormalizeFeedURL(f.Arg(0))
	if err != nil {
		return usageError{vigil.ErrorMessage(err)}
	}
	if !(*weight > 0) {
		return usageError{fmt.Sprintf("--weight must be greater than 0, got %v", *weight)}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
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
	st, err := f.openExisting()
	if err != nil {
		return err
	}
	defer st.Close()
	var feeds []vigil.Feed
	if *all {
		feeds, err = st.Feeds(ctx)
	} else {
		feeds, err = userFeeds(ctx, st, *user)
	}
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tITEMS\tRATE/H\tWEIGHT\tLAST FETCH\tNEXT FETCH\tURL\tLAST ERROR")
	for _, fd := range feeds {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.3g\t%g\t%s\t%s\t%s\t%s\n", fd.ID, fd.Status, fd.ItemCount, fd.Rate, fd.Weight,
			stamp(fd.LastFetch), stamp(fd.NextFetch), fd.URL, fd.LastError)
	}
	return tw.Flush()
}

// userFeeds returns the feeds a user follows, each with the user's own
// weight for it.
func userFeeds(ctx context.Context, st store.Store, name string) ([]vigil.Feed, error) {
	u, err := findUser(ctx, st, name)
	if err != nil {
		return nil, err
	}
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	feeds := make([]vigil.Feed, len(subs))
	for i, s := range subs {
		feeds[i] = s.Feed
		feeds[i].Weight = s.Weight
	}
	return feeds, nil
}

// stamp formats a time for tables, "-" for the zero time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}
