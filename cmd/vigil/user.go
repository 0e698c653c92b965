package main

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"vigil"
	"vigil/account"
	"vigil/store"
)

// userCommands are the subcommands of vigil user.
var userCommands = []command{
	{"add", "create a user and print a generated password and API token", runUserAdd},
	{"list", "list users", runUserList},
	{"passwd", "set a user's password (asked, read from standard input, or generated)", runUserPasswd},
	{"token", "give a user a new API token; the old one stops working", runUserToken},
	{"remove", "remove a user and their subscriptions (needs --yes)", runUserRemove},
}

func runUser(ctx context.Context, e *env, args []string) error {
	return runGroup(ctx, e, "user", userCommands, args)
}

// runUserAdd creates a user and prints a generated password and API token.
// It never prompts, so it works the same from scripts.
func runUserAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "user add", "NAME", "Create a user; prints a generated password (for the web page) and API token.")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	name := f.Arg(0)
	if err := checkUserName(name); err != nil {
		return usageError{err.Error()}
	}
	st, err := f.open()
	if err != nil {
		return err
	}
	defer st.Close()
	password, token, err := createUser(ctx, st, name)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "user %s created\npassword: %s\ntoken: %s\n", name, password, token)
	return nil
}

// createUser stores a user with a generated password and API token and
// returns both; only their digests are stored.
func createUser(ctx context.Context, st store.Accounts, name string) (password, token string, err error) {
	if password, err = account.NewSecret(); err != nil {
		return "", "", err
	}
	if token, err = account.NewSecret(); err != nil {
		return "", "", err
	}
	hash, err := account.HashPassword(password, 0)
	if err != nil {
		return "", "", err
	}
	u := &vigil.User{Name: name, PasswordHash: hash, TokenHash: account.HashToken(token)}
	return password, token, st.CreateUser(ctx, u)
}

func runUserList(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "user list", "", "List users.")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, err := f.openReading()
	if err != nil {
		return err
	}
	defer st.Close()
	users, err := st.Users(ctx)
	if err != nil {
		return err
	}
	for _, u := range users {
		fmt.Fprintf(e.stdout, "%s\tcreated %s\n", u.Name, u.CreatedAt.UTC().Format("2006-01-02 15:04"))
	}
	return nil
}

// checkUserName accepts 1-64 letters, digits, '.', '-' and '_'.
func checkUserName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("user name must be 1 to 64 characters")
	}
	if i := strings.IndexFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(".-_", r)
	}); i >= 0 {
		return fmt.Errorf("user name %q may hold only letters, digits, '.', '-' and '_'", name)
	}
	return nil
}

// findUser returns the named user, or the only user when name is empty.
func findUser(ctx context.Context, st store.Accounts, name string) (*vigil.User, error) {
	if name != "" {
		u, err := st.UserByName(ctx, name)
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			return nil, fmt.Errorf("no user named %q (create one with 'vigil user add %s')", name, name)
		}
		return u, err
	}
	users, err := st.Users(ctx)
	if err != nil {
		return nil, err
	}
	switch len(users) {
	case 0:
		return nil, fmt.Errorf("there is no user yet: create one with 'vigil user add NAME'")
	case 1:
		return &users[0], nil
	}
	return nil, usageError{fmt.Sprintf("there are %d users (%s): name one with --user", len(users), userNames(users))}
}

// userNames lists the first few users' names for a message.
func userNames(users []vigil.User) string {
	const shown = 5
	names := make([]string, 0, shown+1)
	for _, u := range users[:min(shown, len(users))] {
		names = append(names, u.Name)
	}
	if len(users) > shown {
		names = append(names, "...")
	}
	return strings.Join(names, ", ")
}
