package sim

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"vigil/internal/benchsize"
)

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// benchRun simulates 10,000 synthetic sources (500 when the
// documentation's test runs the benchmarks' commands, internal/benchsize)
// over 90 days (plus a day of history before the run) at 2 fetches per
// source per day, training 14 days, and reports the postings, fetches and
// peak heap.
func benchRun(b *testing.B, name string, planEvery time.Duration) {
	srcs := synthSources(41, benchsize.Pick(10_000, 500), 91, 100)
	postings := 0
	for _, s := range srcs {
		postings += len(s.Postings)
	}
	cfg := Config{Policy: name, PerSource: 2, PlanEvery: planEvery, Start: t0.Add(24 * time.Hour), End: t0.Add(91 * 24 * time.Hour), Seed: 1}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuSeconds()
	var m Metrics
	for range b.N {
		var err error
		if m, err = Run(cfg, srcs, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op") // CPU, not wall, time on a shared machine
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(postings), "postings")
	b.ReportMetric(float64(m.Fetches), "fetches")
	b.ReportMetric(m.MeanDelayMin, "mean-delay-min")
	b.ReportMetric(float64(ms.HeapSys)/(1<<20), "heap-sys-MiB")
}

func BenchmarkRun10k90dUniform(b *testing.B)  { benchRun(b, "uniform", 0) }
func BenchmarkRun10k90dCombined(b *testing.B) { benchRun(b, "combined", 0) }
func BenchmarkRun10k90dEWMA(b *testing.B)     { benchRun(b, "ewma", 0) }
func BenchmarkRun10k90dClairvoyant(b *testing.B) {
	benchRun(b, Clairvoyant, 0)
}

// BenchmarkRun10k90dCombinedDaily re-plans once a day instead of hourly:
// the policy's Plan of 10,000 sources dominates the hourly run.
func BenchmarkRun10k90dCombinedDaily(b *testing.B) { benchRun(b, "combined", 24*time.Hour) }

// BenchmarkRun10k90dAccrued is the accrued rule over the same run.
func BenchmarkRun10k90dAccrued(b *testing.B) { benchRun(b, "accrued", 0) }
