package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseCodeEveryFlag checks what `vigil fetch --release-code-every`
// accepts: a CPU time or 0, not a negative one, nor a bare count (the
// flag once counted fetches), each a mistake in the command line (exit
// status 2) reported before the database is opened.
func TestReleaseCodeEveryFlag(t *testing.T) {
	for _, tc := range []struct {
		value string
		code  int
		says  string
	}{
		{"-1ms", 2, "--release-code-every -1ms: want a CPU time (100ms), or 0"},
		{"25", 2, `invalid value "25"`},
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
