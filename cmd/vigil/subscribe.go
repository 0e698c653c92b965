package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"vigil"
	"vigil/discover"
	"vigil/fetch"
	"vigil/store"
)

func runAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "add", "URL", "Subscribe a user to a feed, or with --page watch a web page with its settings (what is watched and how\n"+
		"it is read are the page's first follower's to set). --user may be left out when there is one user.\n\n"+
		"Without --page, URL is looked at once: a web page advertising one feed (<link rel=\"alternate\">) subscribes to\n"+
		"that feed; one advertising several feeds or none subscribes to nothing and lists them: add one of them, or\n"+
		"add the page with --page. A URL that cannot be looked at (refused as a private address without\n"+
		"--allow-private, no answer, an error status) is subscribed to as given.")
	user := f.String("user", "", "user `name`")
	page := f.Bool("page", false, "watch URL as a page: store its versions and report how it changes (and do not look for its feeds)")
	allowPrivate := f.bindBool("allow-private", "look at loopback and private addresses for the feeds they advertise")
	weight := f.Float64("weight", 1, "how much this subscription counts in planning (0.01 to 1000)")
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
	if err := store.CheckWeight(*weight); err != nil {
		return usageError{"--" + vigil.ErrorMessage(err)}
	}
	if err := settings.check(*page); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	if *page {
		return addPage(ctx, e, st, u, url, *weight, settings)
	}
	target, err := feedToFollow(ctx, e, st, u, url, *allowPrivate)
	if err != nil {
		return err
	}
	sub, err := st.Subscribe(ctx, u.ID, target.URL, *weight, time.Now())
	if err != nil {
		return err
	}
	if target.FoundOn != "" {
		fmt.Fprintf(e.stdout, "%s is a web page advertising one feed; ", target.FoundOn)
	}
	fmt.Fprintf(e.stdout, "%s follows feed %d: %s\n", u.Name, sub.Feed.ID, sub.Feed.URL)
	if target.FoundOn != "" {
		fmt.Fprintf(e.stdout, "(to watch the page itself for changes: vigil add --page %s)\n", target.FoundOn)
	}
	return nil
}

// feedToFollow looks at url, given as a feed's, for the feed to follow:
// url itself when it is already followed, is a feed, or cannot be looked
// at (said on stderr); the one feed a web page advertises. A web page
// advertising several feeds or none is refused, its feeds listed on
// stdout.
func feedToFollow(ctx context.Context, e *env, st store.Store, u *vigil.User, url string, allowPrivate bool) (discover.Resolved, error) {
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return discover.Resolved{}, err
	}
	for _, s := range subs {
		if s.Feed.URL == url {
			return discover.Resolved{URL: url}, nil
		}
	}
	finder := &discover.Finder{Client: fetch.New(fetch.Config{AllowPrivate: allowPrivate, Timeout: discoverTimeout})}
	target, err := finder.Resolve(ctx, url)
	var choice *discover.Choice
	if errors.As(err, &choice) {
		for _, f := range choice.Feeds {
			fmt.Fprintf(e.stdout, "%s\t%s\n", f.URL, cmp.Or(f.Title, f.Type))
		}
		if len(choice.Feeds) > 0 {
			return target, fmt.Errorf("%s is a web page advertising %d feeds (listed): add one of them, or add the page with --page to watch it", url, len(choice.Feeds))
		}
		return target, fmt.Errorf("%s is a web page advertising no feed: add it with --page to watch it for changes", url)
	}
	if err != nil {
		return target, err
	}
	if target.NotLooked != nil {
		fmt.Fprintf(e.stderr, "vigil add: could not look at %s for the feeds it advertises (%s): subscribing to it as given\n", url, oneLine(target.NotLooked))
	}
	return target, nil
}

// discoverTimeout bounds the look at a URL added as a feed's.
const discoverTimeout = 20 * time.Second

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
