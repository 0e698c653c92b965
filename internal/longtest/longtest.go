// Package longtest marks the slow end-to-end checks (a real browser, a real
// reader client, long simulations) that `go test ./...` skips so that it
// stays quick; .ci/run runs them after it with VIGIL_LONG_TESTS=1, those
// that .ci/longtests lists (this package's tests fail when a test calling
// Need or Enabled is missing there).
package longtest

import (
	"os"
	"os/exec"
	"testing"
)

// Env is the environment variable that turns the long checks on.
const Env = "VIGIL_LONG_TESTS"

// Enabled reports whether the long checks run in this process.
func Enabled() bool { return os.Getenv(Env) != "" }

// Need skips t unless the long checks are on, saying how to run it.
func Need(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("a long end-to-end check: run with %s=1 (.ci/run does)", Env)
	}
}

// Tool returns the path of the command name, which a test drives (a
// browser, a reader client, a shell). Where it is missing the test is
// skipped, saying how to get it (install, e.g. "apt-get install -y
// chromium"); under CI (CI set to anything) it fails instead: a check
// CI skipped would check nothing, so CI's machine must have every tool
// (.ci/run installs those a plain machine lacks).
func Tool(t testing.TB, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed, and CI must run %s: %s", name, t.Name(), install)
	}
	t.Skipf("%s is not installed (%s): %s skipped", name, install, t.Name())
	return ""
}
