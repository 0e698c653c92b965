// Command vigil monitors web feeds for many users under a fetch budget and
// serves what it found. Run `vigil -h` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand of vigil.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands lists the subcommands in the order help shows them.
var commands = []command{
	{"serve", "run the web server and the monitor", runServe},
	{"worker", "run the monitor alone, one of several processes sharing PostgreSQL", runWorker},
	{"migrate", "copy a SQLite installation into an empty PostgreSQL database: migrate --from PATH --to URL", runMigrate},
	{"fetch", "fetch every due feed once and exit, or with a URL or ID check that one feed or page now", runFetch},
	{"add", "subscribe a user to a feed URL, or with --page watch a web page", runAdd},
	{"feeds", "list subscriptions and their state", runFeeds},
	{"changes", "print the detected changes of the pages a user follows", runChanges},
	{"rate", "rate a change of a page: negligible, significant or important", runRate},
	{"digest", "set a user's daily digest of page changes, or send a day's digests now", runDigest},
	{"notify", "manage a user's notification channels: notify add|list|remove|test", runNotify},
	{"alert", "send a user new items that match a search as they come: alert add|list|remove", runAlert},
	{"items", "print stored items", runItems},
	{"search", "print the stored items (or with --channels the channels) that best match some words", runSearch},
	{"import", "subscribe a user to the feeds and pages of an OPML file or JSON export", runImport},
	{"export", "write a user's subscriptions as OPML or JSON, pages with their settings", runExport},
	{"user", "manage users: user add|list|passwd|token|remove NAME", runUser},
	{"parse", "print a feed file or URL as vigil normalises it", runParse},
	{"page", "compare two versions of a web page, change a watched page's settings, or simulate page policies: page diff|set|gen|sim", runPage},
	{"trace", "generate synthetic traces for the simulator and measure traces: trace gen, trace stats", runTrace},
	{"sim", "replay a trace through a refresh policy and print its metrics", runSim},
	{"demo", "replay a trace as live feeds on an accelerated clock and watch vigil learn", runDemo},
	{"config", "print the settings in force and where each came from: default, environment or flag", runConfig},
	{"version", "print vigil's version and build", runVersion},
	{"completion", "print a shell completion script: completion bash|zsh", runCompletion},
}

// env is what a command reads and writes besides its arguments.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// onFlags and onGroup, when set, are told a command's flags or
	// subcommands as it parses -h (shell completion reads them).
	onFlags func(*flags)
	onGroup func([]command)
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status: 0 on
// success, 1 when the command failed, 2 for a wrong command line.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(e.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	globals, rest := splitGlobals(args)
	if len(rest) == 0 {
		fmt.Fprintln(e.stderr, "vigil: expected a command after the flags (run 'vigil -h' for the list)")
		return 2
	}
	if strings.HasPrefix(rest[0], "-") {
		fmt.Fprintf(e.stderr, "vigil: %s goes after the command: only --db may come before it (run 'vigil -h' for the list)\n", rest[0])
		return 2
	}
	for _, c := range commands {
		if c.name != rest[0] {
			continue
		}
		err := c.run(ctx, e, append(globals, rest[1:]...))
		return report(e.stderr, c.name, err)
	}
	fmt.Fprintf(e.stderr, "vigil: unknown command %q (run 'vigil -h' for the list)\n", rest[0])
	return 2
}

// report prints err as one line and maps it to an exit status.
func report(w io.Writer, name string, err error) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(w, "vigil %s: %s (run 'vigil %s -h' for help)\n", name, ue.msg, name)
		return 2
	default:
		fmt.Fprintf(w, "vigil %s: %s\n", name, oneLine(err))
		return 1
	}
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "vigil watches web feeds for many people with a limited fetch budget.")
	fmt.Fprintln(w, "\nUsage: vigil COMMAND [flags] [arguments]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nEvery command takes --db PATH or --db postgres://URL (env VIGIL_DB, default vigil.db), before or after its name,")
	fmt.Fprintln(w, "and -h for its own help and examples. Flags may follow the arguments; -- ends the flags.")
	fmt.Fprintln(w, "Settings come from flags, then VIGIL_* environment variables, then defaults: 'vigil config' shows them.")
}
