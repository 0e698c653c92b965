// Package longtest marks the slow end-to-end checks (a real browser, a real
// reader client, long simulations) that `go test ./...` skips so that it
// stays quick; .ci/run runs them after it with VIGIL_LONG_TESTS=1, those
// that .ci/longtests lists (this package's tests fail when a test calling
// Need or Enabled is missing there).
package longtest

import (
	"os"
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
