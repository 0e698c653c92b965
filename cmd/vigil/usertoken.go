package main

import (
	"context"
	"fmt"

	"vigil/account"
)

// runUserToken gives a user a new generated API token and prints it; the
// old token stops working.
func runUserToken(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "user token", "NAME", "Give a user a new API token and print it; the old token stops working.")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, f.Arg(0))
	if err != nil {
		return err
	}
	defer st.Close()
	token, err := account.NewSecret()
	if err != nil {
		return err
	}
	if err := st.SetToken(ctx, u.ID, account.HashToken(token)); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "token of %s replaced\ntoken: %s\n", u.Name, token)
	return nil
}
