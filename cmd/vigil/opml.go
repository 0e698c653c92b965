package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"time"

	"vigil"
	"vigil/opml"
	"vigil/store"
)

func runImport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "import", "FILE", "Subscribe a user to every feed of an OPML file ('-' reads standard input).")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	in := e.stdin
	if name := f.Arg(0); name != "-" {
		file, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("unable to open %s: %w", name, err)
		}
		defer file.Close()
		in = file
	}
	outlines, err := opml.Parse(in)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Arg(0), err)
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	added, skipped := 0, 0
	for _, o := range outlines {
		url, err := vigil.NormalizeFeedURL(o.XMLURL)
		if err != nil {
			skipped++
			fmt.Fprintf(e.stderr, "skipped %q: %s\n", o.XMLURL, vigil.ErrorMessage(err))
			continue
		}
		if err := importOutline(ctx, st, u.ID, url, o); err != nil {
			return fmt.Errorf("subscribing %s to %s: %w", u.Name, url, err)
		}
		added++
	}
	fmt.Fprintf(e.stdout, "imported %d feed(s) for %s, skipped %d\n", added, u.Name, skipped)
	return nil
}

func runExport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "export", "", "Write a user's subscriptions as OPML 2.0 to standard output.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	outlines := make([]opml.Outline, len(subs))
	for i, s := range subs {
		outlines[i] = opml.Outline{Title: cmp.Or(s.Title, s.Feed.Title), XMLURL: s.Feed.URL, HTMLURL: s.Feed.SiteURL, Category: s.Folder}
	}
	return opml.Write(e.stdout, "vigil subscriptions of "+u.Name, outlines, time.Now())
}

// importOutline subscribes the user to one feed of an OPML file and puts
// it in the outline's folder (nested folders become a "/"-separated path).
func importOutline(ctx context.Context, st store.Store, userID int64, url string, o opml.Outline) error {
	sub, err := st.Subscribe(ctx, userID, url, 1, time.Now())
	if err != nil || o.Category == "" {
		return err
	}
	return st.SetFolder(ctx, userID, sub.Feed.ID, o.Category)
}
