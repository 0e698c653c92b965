package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"time"

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
	m := newMeter(e.stderr, "importing feeds", len(outlines))
	n, err := importOutlines(ctx, e, st, u, outlines, m)
	m.finish()
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "imported %d new feed(s) for %s, %d already followed, %d skipped\n", n.added, u.Name, n.followed, n.skipped)
	return nil
}

func runExport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "export", "", "Write a user's subscriptions as OPML 2.0 to standard output.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, u, err := f.openReadingFor(ctx, *user)
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
