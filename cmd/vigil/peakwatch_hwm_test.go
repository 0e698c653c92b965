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
		status string
		want   int
		ok     bool
	}{
		{"a live process", "Name:\tvigil\nVmPeak:\t  900000 kB\nVmHWM:\t   31592 kB\nVmRSS:\t   31380 kB\n", 31592, true},
		{"a zombie has no memory lines", "Name:\tvigil\nState:\tZ (zombie)\n", 0, false},
		{"an unreadable mark", "VmHWM:\t  many kB\n", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "status")
			if err := os.WriteFile(path, []byte(tt.status), 0o644); err != nil {
				t.Fatal(err)
			}
			if got, ok := readHWM(path); got != tt.want || ok != tt.ok {
				t.Errorf("readHWM = %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	if _, ok := readHWM(filepath.Join(t.TempDir(), "gone")); ok {
		t.Error("readHWM of a missing file reported a mark")
	}
}

// TestWatchPeakIsTheChildsOwn shows why BenchmarkRefreshMemory reads VmHWM:
// a small child's ru_maxrss is at least this test process's own high-water
// mark (os/exec's vfork, golang/go#32054), while the watched mark is the
// child's alone.
func TestWatchPeakIsTheChildsOwn(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	ballast := make([]byte, 64<<20) // make this process's own mark large
	for i := range ballast {
		ballast[i] = 1
	}
	cmd := exec.Command(sleep, "0.2")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peak := watchPeak(cmd.Process.Pid)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	watched := peak()
	maxrss := int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	if watched <= 0 || watched >= 16<<10 {
		t.Errorf("watched peak of sleep = %d KiB, want a few MiB at most", watched)
	}
	if maxrss < 64<<10 {
		t.Errorf("sleep's ru_maxrss %d KiB is below this process's 64 MiB ballast: the vfork floor this works around is gone", maxrss)
	}
	ballast[len(ballast)-1] = 0 // keep the ballast alive until here
}
