package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTicks is the machine's CPU time so far, over all cores, from the
// first line of /proc/stat, in clock ticks.
type cpuTicks struct {
	busy, total uint64
}

// machineTicks reads the machine's CPU time so far from /proc/stat.
func machineTicks(tb testing.TB) cpuTicks {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		tb.Fatalf("reading the machine's CPU time: %v", err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	t, err := parseCPULine(string(line))
	if err != nil {
		tb.Fatalf("parsing /proc/stat: %v", err)
	}
	return t
}

// parseCPULine parses the all-cores line of /proc/stat ("cpu  user nice
// system idle iowait irq softirq steal guest guest_nice"): idle and iowait
// are the idle time, and guest time, already counted in user and nice, is
// left out of the total.
func parseCPULine(line string) (cpuTicks, error) {
	fields := strings.Fields(line)
	if len(fields) < 5 || fields[0] != "cpu" {
		return cpuTicks{}, fmt.Errorf("not the all-cores cpu line: %q", line)
	}
	var t cpuTicks
	for i, f := range fields[1:min(len(fields), 9)] { // user .. steal
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return cpuTicks{}, fmt.Errorf("field %d of %q: %w", i+2, line, err)
		}
		t.total += n
		if i != 3 && i != 4 { // idle, iowait
			t.busy += n
		}
	}
	return t, nil
}

// busyPercent is the share of the machine's CPU time, over all its cores,
// that was busy between two readings.
func busyPercent(from, to cpuTicks) float64 {
	if to.total <= from.total {
		return 0
	}
	return 100 * float64(to.busy-from.busy) / float64(to.total-from.total)
}

// selfCPU is the user and system CPU time this test process (the load
// run's farm among it) has spent so far.
func selfCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("reading this process's CPU time: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// sharePercent is cpu as a share of what all the machine's cores could
// spend in elapsed.
func sharePercent(cpu, elapsed time.Duration) float64 {
	return 100 * cpu.Seconds() / (elapsed.Seconds() * float64(runtime.NumCPU()))
}

// TestParseCPULine checks the busy and total ticks read from /proc/stat's
// all-cores line, and that other lines are refused.
func TestParseCPULine(t *testing.T) {
	tests := []struct {
		line        string
		busy, total uint64
		bad         bool
	}{
		{line: "cpu  100 5 40 800 20 3 2 1 50 0", busy: 151, total: 971},
		{line: "cpu  10 0 10 80", busy: 20, total: 100},
		{line: "cpu0 100 5 40 800 20 3 2 1 0 0", bad: true},
		{line: "cpu  100 x 40 800", bad: true},
		{line: "cpu  1 2", bad: true},
	}
	for _, tt := range tests {
		got, err := parseCPULine(tt.line)
		if tt.bad {
			if err == nil {
				t.Errorf("parseCPULine(%q) = %+v, want an error", tt.line, got)
			}
			continue
		}
		if err != nil || got != (cpuTicks{tt.busy, tt.total}) {
			t.Errorf("parseCPULine(%q) = %+v, %v; want busy %d of %d", tt.line, got, err, tt.busy, tt.total)
		}
	}
}

// TestMachineBusyReadsThisMachine reads /proc/stat 100 ms apart: the total
// grows, the busy time does not shrink, and the busy share is 0-100%.
func TestMachineBusyReadsThisMachine(t *testing.T) {
	from := machineTicks(t)
	time.Sleep(100 * time.Millisecond)
	to := machineTicks(t)
	if to.total <= from.total || to.busy < from.busy {
		t.Fatalf("CPU ticks went back: %+v then %+v", from, to)
	}
	if p := busyPercent(from, to); p < 0 || p > 100 {
		t.Fatalf("busy %.1f%%, want 0-100", p)
	}
}

// TestShares checks the two shares BenchmarkLoad reports: the busy share
// between two /proc/stat readings, and a CPU time's share of every core.
func TestShares(t *testing.T) {
	cores := time.Duration(runtime.NumCPU())
	tests := []struct {
		name      string
		got, want float64
	}{
		{"half busy", busyPercent(cpuTicks{10, 100}, cpuTicks{60, 200}), 50},
		{"all busy", busyPercent(cpuTicks{0, 0}, cpuTicks{40, 40}), 100},
		{"no time passed", busyPercent(cpuTicks{5, 10}, cpuTicks{5, 10}), 0},
		{"every core for the whole time", sharePercent(cores*time.Second, time.Second), 100},
		{"a quarter of every core", sharePercent(cores*time.Second, 4*time.Second), 25},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %.2f%%, want %.2f%%", tt.name, tt.got, tt.want)
		}
	}
}
