package main

import (
	"context"
	"fmt"
)

// runUserRemove deletes a user with their subscriptions, sessions and
// reading state; feeds stay stored, for their other followers.
func runUserRemove(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "user remove", "NAME", "Remove a user with their subscriptions, page follows, sessions, read and starred marks and settings. "+
		"Feeds stay stored: others keep following them, and a feed nobody follows any more is kept but no longer fetched.")
	yes := f.Bool("yes", false, "remove without asking; without it the command only says what would go")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, f.Arg(0))
	if err != nil {
		return err
	}
	defer st.Close()
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	if !*yes {
		return usageError{fmt.Sprintf("removing user %s deletes their %d subscription(s) and reading state: run again with --yes to remove", u.Name, len(subs))}
	}
	if err := st.DeleteUser(ctx, u.ID); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "user %s removed with %d subscription(s)\n", u.Name, len(subs))
	return nil
}
