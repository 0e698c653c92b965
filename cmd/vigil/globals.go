package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// globalFlags are the flags that may stand before a command's or a
// subcommand's name (`vigil --db X user add bob`, `vigil user --db X list`);
// they are handed on to the command, whose own flag set declares them.
var globalFlags = []string{"db"}

// splitGlobals takes the global flags, with their values, from the front of
// args and returns them and what follows.
func splitGlobals(args []string) (globals, rest []string) {
	i := 0
	for i < len(args) {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || !slices.Contains(globalFlags, name) {
			break
		}
		if !hasValue && i+1 < len(args) {
			i++
		}
		i++
	}
	return args[:i:i], args[i:]
}

// runGroup runs the subcommand of a command that has several (`user add`,
// `trace gen`): the first argument after the global flags names it, and
// the subcommand gets the global flags and the arguments after its name.
func runGroup(ctx context.Context, e *env, name string, subs []command, args []string) error {
	if e.onGroup != nil {
		e.onGroup(subs)
		return errHelpShown
	}
	globals, rest := splitGlobals(args)
	if len(rest) == 0 || rest[0] == "-h" || rest[0] == "--help" || rest[0] == "help" {
		printGroupHelp(e, name, subs)
		if len(rest) == 0 {
			return usageError{"expected a subcommand: " + subNames(subs)}
		}
		return errHelpShown
	}
	for _, c := range subs {
		if c.name == rest[0] {
			return c.run(ctx, e, append(globals, rest[1:]...))
		}
	}
	return usageError{fmt.Sprintf("unknown subcommand %q: expected %s", rest[0], subNames(subs))}
}

// printGroupHelp lists a command's subcommands and examples.
func printGroupHelp(e *env, name string, subs []command) {
	fmt.Fprintf(e.stdout, "Usage: vigil %s SUBCOMMAND [flags] [arguments]\n\nSubcommands:\n", name)
	for _, c := range subs {
		fmt.Fprintf(e.stdout, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(e.stdout, "\nRun 'vigil %s SUBCOMMAND -h' for a subcommand's flags.\n", name)
	printExamples(e.stdout, name)
}

// subNames lists the subcommands' names for messages: "add or list".
func subNames(subs []command) string {
	names := make([]string, len(subs))
	for i, c := range subs {
		names[i] = c.name
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
