package main

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"vigil/pagereplay"
)

// runPageReplay replays a page's recorded versions through the live
// monitor and prints what it recorded.
func runPageReplay(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "page replay", "SOURCE",
		"Replay a page's recorded versions through the live monitor: a loopback server serves each version\n"+
			"in turn, the monitor fetches it and stores it in a new SQLite file, and the counts of versions,\n"+
			"changes (told and returns), changes without text, link or image difference, severities and the\n"+
			"noise learned are printed. SOURCE is a directory of version files (in name order) or, with\n"+
			"--git-path, a git repository whose commits of that file are the versions, oldest first.")
	gitPath := f.String("git-path", "", "read the versions of this `file` from the git repository SOURCE")
	rev := f.String("range", "", "with --git-path, replay only the commits of this git `range` (default: all of HEAD)")
	selector := f.String("selector", "", "watch only the elements matching this CSS `selector`")
	var ignore stringList
	f.Var(&ignore, "ignore", "leave out text lines matching this `regexp` (repeatable)")
	returns := f.Int("returns", 0, "compare a new version with this many last states to tell a return (0: the default, 2)")
	contentType := f.String("content-type", "text/html", "serve every version with this Content-Type")
	interval := f.Duration("interval", time.Hour, "virtual time between two versions")
	asJSON := f.Bool("json", false, "print the report as JSON")
	verbose := f.Bool("v", false, "also list each change: version, severity, summary")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if *returns < 0 || *interval <= 0 {
		return usageError{"--returns must not be negative and --interval must be positive"}
	}
	versions, err := replaySource(ctx, f.Arg(0), *gitPath, *rev)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "vigil-replay-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	rep, err := pagereplay.Run(ctx, versions, pagereplay.Options{Dir: dir, ContentType: *contentType,
		Selector: *selector, Ignore: ignore, Returns: *returns, Interval: *interval})
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return rep.WriteText(e.stdout, *verbose)
}

// replaySource lists the versions of a directory, or of a file's history
// in a git repository when gitPath is set.
func replaySource(ctx context.Context, source, gitPath, rev string) ([]pagereplay.Version, error) {
	if gitPath != "" {
		return pagereplay.FromGit(ctx, source, gitPath, rev)
	}
	if rev != "" {
		return nil, usageError{"--range needs --git-path"}
	}
	return pagereplay.FromDir(source)
}
