package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseCodeEveryFlag checks what `vigil fetch --release-code-every`
// accepts: a count of fetches or 0, not a negative count, which is a
// mistake in the command line (exit status 2) reported before the
// database is opened.
func TestReleaseCodeEveryFlag(t *testing.T) {
	for _, tc := range []struct {
		value string
		code  int
		says  string
	}{
		{"-1", 2, "--release-code-every -1: want a count of fetches, or 0"},
		{"x", 2, "invalid value"},
	} {
		var out bytes.Buffer
		e := &env{stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
		db := filepath.Join(t.TempDir(), "none.db")
		if code := run(t.Context(), e, []string{"fetch", "--all", "--db", db, "--release-code-every", tc.value}); code != tc.code || !strings.Contains(out.String(), tc.says) {
			t.Errorf("--release-code-every %s: exit %d, %q; want exit %d saying %q", tc.value, code, out.String(), tc.code, tc.says)
		}
	}
}
