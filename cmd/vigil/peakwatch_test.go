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
// process ends, and returns what waits for the watch to end and returns the
// last mark read. Call it right after starting the process and call what
// it returns after waiting for the process.
//
// The kernel's ru_maxrss of a child started by os/exec is no measure of the
// child: os/exec starts it with clone(CLONE_VFORK|CLONE_VM), so until its
// exec the child runs in the parent's address space, and exec folds that
// space's high-water mark into the child's ru_maxrss (golang/go#32054). A
// benchmark process that built a database and runs 50 loopback servers
// held about 34 MB, which ru_maxrss then reported as the child's peak
// whenever the child's own was lower. VmHWM belongs to the address space
// exec made and starts from nothing. The mark is monotone, so reading it
// often misses only what the process adds in the last millisecond before
// it exits, after its work is done.
func watchPeak(pid int) func() int {
	done := make(chan int)
	go func() {
		path := fmt.Sprintf("/proc/%d/status", pid)
		last := 0
		for {
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
