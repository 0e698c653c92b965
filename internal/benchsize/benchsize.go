// Package benchsize gives a benchmark the size of the data it builds: the
// size whose figures the documentation reports, or a small one when the
// documentation's test runs the benchmark's command only to show that it
// runs (cmd/vigil's TestReadmeExamples sets VIGIL_BENCH_SMALL, as it cuts
// -benchtime to one iteration). A figure measured small means nothing;
// the command, the benchmark's set-up and its checks run all the same.
package benchsize

import "os"

// Env is the environment variable that asks for small data: any value
// but the empty string.
const Env = "VIGIL_BENCH_SMALL"

// Small reports whether benchmarks are asked for small data.
func Small() bool { return os.Getenv(Env) != "" }

// Pick returns full, or small when Small.
func Pick(full, small int) int {
	if Small() {
		return small
	}
	return full
}
