package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"vigil"
	"vigil/store"
	"vigil/store/opener"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// errHelpShown ends a command after it printed its help.
var errHelpShown = errors.New("help shown")

// flags is a command's flag set with the flags every command shares.
type flags struct {
	*flag.FlagSet
	e       *env
	cfg     *config  // the settings, from the environment and then the flags
	uses    []string // the settings the command uses (bind, use)
	bound   []string // the settings whose flags the command declares (bind)
	db      *string
	args    string   // the positional arguments, for help
	summary string   // the head of the help text
	name    string   // the command's name, e.g. "user add"
	pos     []string // the positional arguments after parse
	lean    bool     // a one-shot command: open SQLite with sqlite.Lean
}

// newFlags returns the flag set of a command, with --db.
func newFlags(e *env, name, args, summary string) *flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &flags{FlagSet: fs, e: e, cfg: loadConfig(e.getenv), args: args, name: name}
	f.db = f.bindString("db", "")
	f.summary = fmt.Sprintf("Usage: vigil %s [flags] %s\n\n%s\n\nFlags:\n", name, args, summary)
	fs.Usage = func() {} // help is printed by parse, and only for -h
	return f
}

// printHelp writes the command's usage, flags and examples to standard
// output.
func (f *flags) printHelp() {
	fmt.Fprint(f.e.stdout, f.summary)
	f.SetOutput(f.e.stdout)
	f.PrintDefaults()
	f.SetOutput(io.Discard)
	printExamples(f.e.stdout, f.name)
}

// parse parses args, flags and positional arguments in any order ("--"
// ends the flags); -h prints help and returns errHelpShown, a wrong flag,
// or an invalid environment variable of a setting the command uses, is a
// usageError. want is the number of positional arguments, -1 for any.
func (f *flags) parse(args []string, want int) error {
	if f.e.onFlags != nil {
		f.e.onFlags(f)
	}
	flagArgs, pos := splitArgs(f.FlagSet, args)
	f.pos = pos
	if err := f.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			f.printHelp()
			return errHelpShown
		}
		return usageError{err.Error()}
	}
	f.noteFlags()
	if err := f.cfg.check(f.uses); err != nil {
		return err
	}
	if want >= 0 && f.NArg() != want {
		if want == 0 {
			return usageError{fmt.Sprintf("unexpected argument %q", f.Arg(0))}
		}
		return usageError{fmt.Sprintf("expected %s, got %d argument(s)", f.args, f.NArg())}
	}
	return nil
}

// Arg returns the i'th positional argument, "" when there is none.
func (f *flags) Arg(i int) string {
	if i < 0 || i >= len(f.pos) {
		return ""
	}
	return f.pos[i]
}

// NArg returns the number of positional arguments.
func (f *flags) NArg() int { return len(f.pos) }

// Args returns the positional arguments.
func (f *flags) Args() []string { return f.pos }

// splitArgs separates the flags (with their values) from the positional
// arguments, wherever each stands. A flag that is not a boolean takes the
// next argument as its value unless written --name=value; "--" makes every
// later argument positional; "-" alone is positional (standard input).
// Unknown flags are kept with the flags so that parsing reports them.
func splitArgs(fs *flag.FlagSet, args []string) (flagArgs, pos []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flagArgs, append(pos, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if fl := fs.Lookup(name); fl != nil && !isBool(fl) && i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	return flagArgs, pos
}

// isBool reports whether a flag takes no value.
func isBool(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// open opens the database named by --db: PostgreSQL for a postgres://
// URL, else the SQLite file, showing on a terminal the progress of the
// schema migrations an older file needs.
func (f *flags) open() (store.Store, error) {
	if postgres.IsURL(*f.db) {
		return opener.Open(context.Background(), *f.db)
	}
	m := newMeter(f.e.stderr, "migrating "+*f.db, 0)
	defer m.finish()
	var o sqlite.Options
	if f.lean {
		o = sqlite.Lean
	}
	db, err := sqlite.OpenWith(*f.db, o, func(done, total int) {
		m.set(done, total, fmt.Sprintf("schema change %d of %d", done, total))
	})
	if err != nil {
		return nil, err
	}
	return db, nil
}

// openExisting opens the database named by --db for a command that only
// reads, or works on what is stored (fetch, digest --send): a missing file
// is an error, never created.
func (f *flags) openExisting() (store.Store, error) {
	if postgres.IsURL(*f.db) {
		return f.open()
	}
	if _, err := os.Stat(*f.db); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no vigil database at %s; run 'vigil user add' or 'vigil serve' to create one", *f.db)
	}
	return f.open()
}

// openReading opens the existing database named by --db for a command
// that only reads it: an SQLite file read-only, so that one in a directory
// the user may not write is still read and nothing in it changes; a file
// whose schema needs migrating is opened as open does, migrating it.
func (f *flags) openReading() (store.Store, error) {
	if postgres.IsURL(*f.db) {
		return f.open()
	}
	if _, err := os.Stat(*f.db); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no vigil database at %s; run 'vigil user add' or 'vigil serve' to create one", *f.db)
	}
	var o sqlite.Options
	if f.lean {
		o = sqlite.Lean
	}
	st, err := opener.OpenReadOnly(context.Background(), *f.db, o)
	if errors.Is(err, sqlite.ErrSchemaBehind) {
		return f.open()
	}
	return st, err
}

// openReadingFor is openFor for a command that only reads: the database
// is opened by openReading.
func (f *flags) openReadingFor(ctx context.Context, name string) (store.Store, *vigil.User, error) {
	st, err := f.openReading()
	if err != nil {
		return nil, nil, err
	}
	u, err := findUser(ctx, st, name)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, u, nil
}

// openFor opens the database named by --db and finds the user called name
// (the only user when name is empty), for a command that reads or changes
// what the user has. The caller closes the store. A missing file is an
// error, never created: a command that needs a user has nothing to do in a
// database that does not exist yet.
func (f *flags) openFor(ctx context.Context, name string) (store.Store, *vigil.User, error) {
	st, err := f.openExisting()
	if err != nil {
		return nil, nil, err
	}
	u, err := findUser(ctx, st, name)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, u, nil
}

// oneLine folds an error message onto one line; a *vigil.Error shows its
// message without its code.
func oneLine(err error) string {
	msg := err.Error()
	var ve *vigil.Error
	if errors.As(err, &ve) {
		msg = strings.Replace(msg, ve.Error(), ve.Message, 1)
	}
	return strings.Join(strings.Fields(msg), " ")
}
