package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"vigil/account"
)

// minPasswordLength is the fewest characters a chosen password may have.
const minPasswordLength = 8

// maxPasswordLength is the most bytes a chosen password may have.
const maxPasswordLength = 1024

// runUserPasswd sets a user's password, read from a prompt on a terminal,
// from the first line of standard input otherwise, or generated; the
// user's web sessions end.
func runUserPasswd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "user passwd", "NAME", "Set a user's password, asked on a terminal or read from the first line of standard input; "+
		"the old password stops working and the user's web sessions end.")
	generate := f.Bool("generate", false, "generate the password and print it instead of reading one")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, f.Arg(0))
	if err != nil {
		return err
	}
	defer st.Close()
	password, err := newPassword(e, *generate)
	if err != nil {
		return err
	}
	hash, err := account.HashPassword(password, 0)
	if err != nil {
		return err
	}
	if err := st.SetPassword(ctx, u.ID, hash); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "password of %s changed; their web sessions are ended\n", u.Name)
	if *generate {
		fmt.Fprintf(e.stdout, "password: %s\n", password)
	}
	return nil
}

// newPassword returns a generated password, or one typed twice at a
// prompt when standard input is a terminal, or else the first line of
// standard input.
func newPassword(e *env, generate bool) (string, error) {
	if generate {
		return account.NewSecret()
	}
	var pw string
	var err error
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		pw, err = promptPassword(e.stderr, int(f.Fd()))
	} else {
		pw, err = readPasswordLine(e.stdin)
	}
	if err != nil {
		return "", err
	}
	return pw, checkPassword(pw)
}

// promptPassword asks for the password twice on the terminal fd, without
// echo, and returns it when both agree.
func promptPassword(w io.Writer, fd int) (string, error) {
	var typed [2]string
	for i, prompt := range []string{"New password: ", "Again: "} {
		fmt.Fprint(w, prompt)
		b, err := term.ReadPassword(fd)
		fmt.Fprintln(w)
		if err != nil {
			return "", fmt.Errorf("reading the password: %w", err)
		}
		typed[i] = string(b)
	}
	if typed[0] != typed[1] {
		return "", errors.New("the two passwords differ; nothing changed")
	}
	return typed[0], nil
}

// readPasswordLine returns the first line of r without its line ending.
func readPasswordLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(r, maxPasswordLength+2)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the password from standard input: %w", err)
	}
	if len(line) > maxPasswordLength+1 || (len(line) == maxPasswordLength+1 && !strings.HasSuffix(line, "\n")) {
		return "", usageError{fmt.Sprintf("the password is longer than %d bytes", maxPasswordLength)}
	}
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

// checkPassword refuses a password too short to be worth guessing at, or
// not UTF-8 text.
func checkPassword(pw string) error {
	switch {
	case pw == "":
		return usageError{"no password given: type one, pipe one line on standard input, or use --generate"}
	case !utf8.ValidString(pw):
		return usageError{"the password is not valid UTF-8 text"}
	case utf8.RuneCountInString(pw) < minPasswordLength:
		return usageError{fmt.Sprintf("the password has %d characters, fewer than %d", utf8.RuneCountInString(pw), minPasswordLength)}
	}
	return nil
}
