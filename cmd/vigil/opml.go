package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"vigil"
	"vigil/export"
	"vigil/opml"
	"vigil/store"
)

func runImport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "import", "FILE", "Subscribe a user to every feed and page of an OPML file or a JSON export ('-' reads standard input);\n"+
		"pages come back with their settings.")
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
	entries, unread, err := export.Read(in)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Arg(0), err)
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	m := newMeter(e.stderr, "importing feeds", len(entries))
	res, err := export.Import(ctx, st, storeFollow(st), u.ID, entries, m.step)
	m.finish()
	if err != nil {
		return err
	}
	skipped := append(unread, res.Skipped...)
	for _, s := range skipped {
		fmt.Fprintf(e.stderr, "skipped %s\n", s)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(e.stderr, "note: %s\n", n)
	}
	fmt.Fprintf(e.stdout, "imported %d new feed(s) for %s, %d already followed, %d skipped\n", res.Added, u.Name, res.Followed, len(skipped))
	return nil
}

// storeFollow follows feeds and pages through the store, as vigil add does.
func storeFollow(st store.Store) export.Follow {
	return export.Follow{
		Feed: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return st.Subscribe(ctx, userID, url, weight, time.Now())
		},
		Page: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return st.FollowPage(ctx, userID, url, weight, time.Now())
		},
	}
}

func runExport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "export", "", "Write a user's subscriptions as OPML 2.0 to standard output, each watched page with its settings.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	asJSON := f.Bool("json", false, "write vigil's JSON export instead of OPML")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, u, err := f.openReadingFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	entries, err := export.Collect(ctx, st, u.ID)
	if err != nil {
		return err
	}
	if *asJSON {
		return export.WriteJSON(e.stdout, u.Name, entries, time.Now())
	}
	return opml.Write(e.stdout, "vigil subscriptions of "+u.Name, export.ToOutlines(entries), time.Now())
}
