package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReadHWM(t *testing.T) {
	tests := []struct {
		name   string
		status string // "" writes no file
		want   int
		ok     bool
	}{
		{"a live process", "Name:\tvigil\nVmPeak:\t  900000 kB\nVmHWM:\t   31592 kB\nVmRSS:\t   31380 kB\n", 31592, true},
		{"a zombie has no memory lines", "Name:\tvigil\nState:\tZ (zombie)\n", 0, false},
		{"an unreadable mark", "VmHWM:\t  many kB\n", 0, false},
		{"a process gone", "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "status")
			if tt.status != "" {
				if err := os.WriteFile(path, []byte(tt.status), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got, ok := readHWM(path); got != tt.want || ok != tt.ok {
				t.Errorf("readHWM = %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// runWatched starts cmd, watches its peak as BenchmarkRefreshMemory does
// and returns the watched mark, the child's ru_maxrss and this process's
// own mark read after the start, in KiB.
func runWatched(t *testing.T, cmd *exec.Cmd) (watched, maxrss, parent int) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	peak := watchPeak(cmd.Process.Pid, stop)
	parent, _ = readHWM("/proc/self/status")
	err := cmd.Wait()
	close(stop)
	watched = peak()
	if err != nil {
		t.Fatal(err)
	}
	return watched, int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss), parent
}

// TestWatchPeak checks that the watch follows a child whose resident set
// grows after it starts, to the kernel's own figure: where the helper's
// ru_maxrss is above this process's mark it is the helper's own peak. The two are read from the kernel's counters at different
// moments and differed by up to 0.4%, so they are compared within 2%.
func TestWatchPeak(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), growEnv+"=96")
	watched, maxrss, parent := runWatched(t, cmd)
	if watched < 96<<10 {
		t.Errorf("watched peak %d KiB, want at least the helper's 96 MiB", watched)
	}
	if maxrss > parent && abs(watched-maxrss) > maxrss/50 {
		t.Errorf("watched peak %d KiB, want within 2%% of the helper's ru_maxrss %d KiB", watched, maxrss)
	}
}

// abs returns the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestWatchPeakIsTheChildsOwn shows why BenchmarkRefreshMemory watches
// VmHWM: a small child's ru_maxrss is at least this test process's own
// high-water mark (os/exec's vfork, golang/go#32054), while the watched mark
// is the child's alone. It checks the kernel and os/exec rather than
// vigil, and fails if they stop behaving so.
func TestWatchPeakIsTheChildsOwn(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Fatalf("no sleep command (coreutils, on every Debian machine): %v", err)
	}
	ballast := make([]byte, 64<<20) // make this process's own mark large
	for i := range ballast {
		ballast[i] = 1
	}
	watched, maxrss, _ := runWatched(t, exec.Command(sleep, "0.2"))
	if watched <= 0 || watched >= 16<<10 {
		t.Errorf("watched peak of sleep = %d KiB, want a few MiB at most", watched)
	}
	if maxrss < 64<<10 {
		t.Errorf("sleep's ru_maxrss %d KiB is below this process's 64 MiB ballast: the vfork floor this works around is gone", maxrss)
	}
	ballast[len(ballast)-1] = 0 // keep the ballast alive until here
}
