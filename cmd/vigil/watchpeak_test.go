package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// watchPeak follows the high-water mark of process pid's resident set, as
// /proc/PID/status gives it (VmHWM, in KiB), every millisecond until the
// process ends or stop is closed, and returns what waits for the watch to
// end and returns the highest mark read. Call it right after starting the
// process, and close stop once the process has been waited for (so that a
// later process given the same ID is never read).
//
// The kernel's ru_maxrss of a child started by os/exec is no measure of the
// child alone: os/exec starts it with clone(CLONE_VFORK|CLONE_VM), so until
// its exec the child runs in the parent's address space, and exec folds that
// space's high-water mark into the child's ru_maxrss (golang/go#32054). A
// benchmark process that built a database and runs 50 loopback servers
// held about 34 MB, which ru_maxrss then reported as the child's peak
// whenever the child's own was lower. VmHWM belongs to the address space
// exec made and starts from nothing. The mark only grows, so reading it
// every millisecond misses only what the process adds after the last read,
// when a vigil fetch has printed its summary and closes its database.
// (Where the child's ru_maxrss is above this process's mark it is the
// child's own, but the benchmark process's mark is close to vigil's, and
// the two counters differ by a fraction of a percent, so it cannot tell.)
func watchPeak(pid int, stop <-chan struct{}) func() int {
	done := make(chan int, 1) // the watch never blocks on a caller that left
	go func() {
		path := fmt.Sprintf("/proc/%d/status", pid)
		last := 0
		for {
			select {
			case <-stop:
				done <- last
				return
			default:
			}
			kib, ok := readHWM(path)
			if !ok {
				done <- last
				return
			}
			last = max(last, kib)
			time.Sleep(time.Millisecond)
		}
	}()
	return func() int { return <-done }
}

// readHWM reads the VmHWM line of a /proc/PID/status file in KiB. It
// reports false once the process has exited (the file is gone, or a
// zombie's file no longer has the line).
func readHWM(path string) (int, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		rest, found := bytes.CutPrefix(sc.Bytes(), []byte("VmHWM:"))
		if !found {
			continue
		}
		kib, err := strconv.Atoi(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))))
		return kib, err == nil
	}
	return 0, false
}

// growEnv, set to a number of MiB, makes the test binary a helper process
// that grows its resident set by that much 50 ms after it starts, holds it
// for 200 ms and exits (see TestMain).
const growEnv = "VIGIL_TEST_GROW_MIB"

// growAndExit is the helper growEnv asks for.
func growAndExit(mib string) {
	n, err := strconv.Atoi(mib)
	if err != nil {
		fmt.Fprintln(os.Stderr, growEnv, err)
		os.Exit(2)
	}
	time.Sleep(50 * time.Millisecond)
	ballast := make([]byte, n<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	time.Sleep(200 * time.Millisecond)
	os.Exit(int(ballast[len(ballast)-1]) - 1)
}
