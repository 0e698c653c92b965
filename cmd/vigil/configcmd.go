package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// configSummary is the help text of 'vigil config'.
const configSummary = "Print every setting in force, its value, and where the value came from: its default,\n" +
	"its environment variable (VIGIL_*) or its flag. A flag wins over its variable, which wins\n" +
	"over the default. Secrets (the SMTP password, the metrics token, a database URL's password)\n" +
	"are shown redacted. Any setting's flag may be given, to see what a command given it would use;\n" +
	"an invalid variable is listed, and makes the command fail after the table.\n" +
	"VIGIL_SMTP_PASSWORD, the SMTP password, has no flag: it comes from the environment only."

func runConfig(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "config", "", configSummary)
	for _, s := range settings {
		switch {
		case s.name == "db": // declared by newFlags
		case s.flag:
			f.bind(s.name, "")
		default:
			f.use(s.name)
		}
	}
	f.uses = nil // every invalid variable is reported below, not only the first
	if err := f.parse(args, 0); err != nil {
		return err
	}
	writeConfig(e.stdout, f.cfg)
	return f.cfg.allErrors()
}

// writeConfig prints c's settings as a table: name, value, source.
func writeConfig(w io.Writer, c *config) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SETTING\tVALUE\tSOURCE")
	for _, s := range settings {
		from := c.from[s.name]
		if err := c.bad[s.name]; err != nil && from == "default" {
			from = "default; " + err.Error()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.name, shownValue(s, c), from)
	}
	tw.Flush()
}

// shownValue is how 'vigil config' shows a setting's value: "" when
// empty, a secret as [redacted], a database URL without its password.
func shownValue(s setting, c *config) string {
	v := fieldText(s.field(c))
	switch {
	case v == "":
		return `""`
	case s.secret:
		return "[redacted]"
	case s.name == "db":
		return redactDB(v)
	}
	return v
}

// allErrors returns every invalid variable's error as one usage error,
// nil when there is none.
func (c *config) allErrors() error {
	var msgs []string
	for _, s := range settings {
		if err := c.bad[s.name]; err != nil {
			msgs = append(msgs, err.Error())
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return usageError{strings.Join(msgs, "; ")}
}
