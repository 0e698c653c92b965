package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

func runVersion(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "version", "", "Print vigil's module version, the commit it was built from and the Go version.")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("this binary carries no build information")
	}
	fmt.Fprintln(e.stdout, versionLine(info))
	return nil
}

// versionLine describes a build in one line: module version, commit, its
// time, whether the tree had uncommitted changes, and the Go version.
func versionLine(info *debug.BuildInfo) string {
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
	}
	parts = append(parts, "built with "+info.GoVersion)
	return strings.Join(parts, " ")
}
