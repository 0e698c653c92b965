package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"vigil"
	"vigil/opml"
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
		if _, err := st.Subscribe(ctx, u.ID, url, 1, time.Now()); err != nil {
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
	st, u, err := f.openExistingFor(ctx, *user)
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
		outlines[i] = opml.Outline{Title: s.Feed.Title, XMLURL: s.Feed.URL, HTMLURL: s.Feed.SiteURL}
	}
	return opml.Write(e.stdout, "vigil subscriptions of "+u.Name, outlines, time.Now())
}
