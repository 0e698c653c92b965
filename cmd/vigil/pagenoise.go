package main

import (
	"context"
	"fmt"

	"vigil/store"
)

// runPageNoise runs `vigil page noise PAGE`: it lists what the monitor
// learned to be noise on the page and, with --forget, undoes an item.
func runPageNoise(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "page noise", "PAGE",
		"List what the monitor learned to be noise on a page the user watches (PAGE: its id or URL), left out\n"+
			"of its measures: blocks changing at nearly every fetch, the numbers and dates of a block, blocks\n"+
			"alternating among a few values, link parameters rotating behind the same anchor text. With\n"+
			"--forget, the page's first follower undoes an item: it counts again and is never learned again.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	forget := f.String("forget", "", "undo the learned item with this `key` (as listed: block:..., numbers:..., values:..., param:...)")
	if err := f.parse(args, 1); err != nil {
		return err
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
	if *forget != "" {
		if err := store.ForgetPageNoise(ctx, st, u.ID, id, *forget); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "undone: %s counts again and will not be learned again\n", *forget)
	}
	p, err := st.Page(ctx, id)
	if err != nil {
		return err
	}
	items := store.PageNoise(p)
	fmt.Fprintf(e.stdout, "page %d: %d learned noise item(s), %d undone\n", id, len(items), len(p.NoiseForgotten))
	for _, it := range items {
		since := "-"
		if !it.Since.IsZero() {
			since = it.Since.UTC().Format("2006-01-02T15:04Z")
		}
		fmt.Fprintf(e.stdout, "%s\t%s\n", since, it.Key)
	}
	for _, k := range p.NoiseForgotten {
		fmt.Fprintf(e.stdout, "undone\t%s\n", k)
	}
	return nil
}
