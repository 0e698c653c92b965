package pagereplay

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Version is one recorded version of a page: a name to report it by and
// a way to read its bytes when it is served.
type Version struct {
	Name string
	Read func(ctx context.Context) ([]byte, error)
}

// FromDir lists the regular files of dir, in the order of their names,
// as versions.
func FromDir(dir string) ([]Version, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("pagereplay: unable to list the versions in %s: %w", dir, err)
	}
	var out []Version
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		out = append(out, Version{Name: e.Name(), Read: func(context.Context) ([]byte, error) { return os.ReadFile(path) }})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pagereplay: %s holds no version files", dir)
	}
	return out, nil
}

// FromGit lists the commits of the git repository at repo (a work tree or
// a bare git directory) that changed path, oldest first, as versions named
// by their abbreviated commit; rev limits the commits (a range such as
// "a1b2c3..HEAD", "" for all of HEAD's history). It runs the git command.
func FromGit(ctx context.Context, repo, path, rev string) ([]Version, error) {
	if rev == "" {
		rev = "HEAD"
	}
	out, err := git(ctx, repo, "log", "--reverse", "--format=%H", rev, "--", path)
	if err != nil {
		return nil, err
	}
	var vs []Version
	for _, c := range strings.Fields(string(out)) {
		vs = append(vs, Version{Name: c[:12], Read: func(ctx context.Context) ([]byte, error) {
			return git(ctx, repo, "show", c+":"+path)
		}})
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("pagereplay: no commit of %s in %s changed %s", rev, repo, path)
	}
	return vs, nil
}

// git runs git with args in repo and returns its output.
func git(ctx context.Context, repo string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", slices.Concat([]string{"-C", repo}, args)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("pagereplay: git %s in %s: %v: %s", strings.Join(args, " "), repo, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
