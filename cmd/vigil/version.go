package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

// commit is the commit vigil was built from when the build carries no
// version control information (-buildvcs=false, or no .git in the tree):
// go build -ldflags "-X main.commit=REVISION" sets it.
var commit string

func runVersion(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "version", "", "Print vigil's module version, the commit it was built from and the Go version.")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("this binary carries no build information")
	}
	fmt.Fprintln(e.stdout, versionLine(info, commit))
	return nil
}

// versionLine describes a build in one line: module version, commit, its
// time, whether the tree had uncommitted changes, and the Go version. The
// commit comes from the build's version control information, else from
// linked (set by -ldflags).
func versionLine(info *debug.BuildInfo, linked string) string {
	setting := map[string]string{}
	for _, s := range info.Settings {
		setting[s.Key] = s.Value
	}
	parts := []string{"vigil", info.Main.Version}
	if rev := setting["vcs.revision"]; rev != "" {
		parts = append(parts, "commit "+rev)
		if t := setting["vcs.time"]; t != "" {
			parts = append(parts, "of "+t)
		}
		if setting["vcs.modified"] == "true" {
			parts = append(parts, "with uncommitted changes")
		}
	} else if linked != "" {
		parts = append(parts, "commit "+linked)
	}
	parts = append(parts, "built with "+info.GoVersion)
	return strings.Join(parts, " ")
}
