package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// codePages are the mappings of files that the process may release: the
// private read-only and read-and-execute mappings of vigil's executable
// and of the shared libraries it was started with (libc and the dynamic
// loader when it is linked with them), its code and read-only data.
// Go's package initialisation touches a function in most 64 KiB blocks of
// the binary, and the kernel maps a whole block around each page fault,
// so after start-up most of the binary counts in the resident set whether
// the command uses it or not, and so do the parts of libc the dynamic
// loader and the C runtime's start touched. `vigil fetch` releases them
// once it has parsed its flags and then again as its pass spends CPU time
// (see every), so that only the pages the pass is using are mapped
// (docs/performance.md).
//
// A mapping is kept only if it held no anonymous page when it was found:
// such a mapping has never been written (a shared library's relocated
// read-only part, written by the dynamic loader before it was made
// read-only, holds anonymous pages and is left alone), so nothing is lost
// by releasing it. A page touched again comes back from the page cache,
// where the released pages stay for other processes and for the kernel to
// reclaim. A mapping is released only while it is still mapped as it was
// found, so an address range a library left and something else took is
// never touched.
type codePages struct {
	lines map[string]bool // each mapping's line of /proc/self/maps, fields separated by single spaces
}

// findCodePages reads the process's mappings (/proc/self/smaps) and
// returns those it may release. It finds none when /proc cannot be read.
func findCodePages() codePages {
	c := codePages{lines: map[string]bool{}}
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return c
	}
	var head []byte // the current mapping's line, if it may be released
	for line := range bytes.Lines(smaps) {
		if anon, ok := bytes.CutPrefix(line, []byte("Anonymous:")); ok {
			if head != nil && bytes.Equal(bytes.TrimSpace(anon), []byte("0 kB")) {
				c.lines[string(head)] = true
			}
			head = nil
			continue
		}
		if _, _, ok := releasableMapping(line); ok {
			head = normalMapsLine(line)
		} else if isMapsLine(line) {
			head = nil
		}
	}
	return c
}

// release releases the pages of the mappings c holds that are still
// mapped as they were found, and returns how many bytes of mappings it
// released.
func (c codePages) release() int64 {
	if len(c.lines) == 0 {
		return 0
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0
	}
	var released int64
	sc := bufio.NewScanner(bytes.NewReader(maps))
	for sc.Scan() {
		start, end, ok := releasableMapping(sc.Bytes())
		if !ok || !c.lines[string(normalMapsLine(sc.Bytes()))] {
			continue
		}
		if _, _, errno := unix.Syscall(unix.SYS_MADVISE, start, end-start, unix.MADV_DONTNEED); errno == 0 {
			released += int64(end - start)
		}
	}
	return released
}

// every returns step, to be called as each unit of work (a fetch) ends,
// which has c's pages released whenever the process has spent budget of
// CPU time (user and system, all its threads) since the last release, in
// a goroutine of its own so that the caller does not wait, and stop, which
// ends that goroutine and waits for it. A release costs the pass the
// minor page faults that map its own code back (about a millisecond):
// counting the process's CPU time keeps that cost a small share of the
// work whatever a fetch costs, so that a pass of 304s, a third of a
// millisecond each, releases a few times where a first refresh, which
// parses and stores every item, releases after every few fetches. With
// budget 0 or less, or nothing to release, step does nothing.
func (c codePages) every(budget time.Duration) (step, stop func()) {
	if budget <= 0 || len(c.lines) == 0 {
		return func() {}, func() {}
	}
	due, stopped := make(chan struct{}, 1), make(chan struct{})
	go func() {
		defer close(stopped)
		for range due {
			c.release()
		}
	}()
	var mu sync.Mutex
	last, closed := cpuSpent(), false
	step = func() {
		mu.Lock()
		defer mu.Unlock()
		now := cpuSpent()
		if now-last < budget || closed {
			return
		}
		last = now
		select {
		case due <- struct{}{}:
		default: // a release is already waiting to run
		}
	}
	stop = func() {
		mu.Lock()
		if !closed {
			closed = true
			close(due)
		}
		mu.Unlock()
		<-stopped
	}
	return step, stop
}

// cpuSpent returns the CPU time the process has spent, user and system,
// in all its threads (0 if the clock cannot be read).
func cpuSpent() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// releaseCodePages releases the process's code pages once (see
// codePages) and returns how many bytes of mappings it released.
func releaseCodePages() int64 { return findCodePages().release() }

// isMapsLine reports whether a line of /proc/self/smaps begins a mapping
// (an address range), not one of its figures.
func isMapsLine(line []byte) bool {
	lo, _, found := bytes.Cut(line, []byte("-"))
	if !found || len(lo) == 0 {
		return false
	}
	_, err := strconv.ParseUint(string(lo), 16, 64)
	return err == nil
}

// normalMapsLine returns a line of /proc/self/maps or smaps with its
// fields separated by single spaces, so that the two files' lines compare.
func normalMapsLine(line []byte) []byte {
	return bytes.Join(bytes.Fields(line), []byte(" "))
}

// releasableMapping reads a line of /proc/self/maps and returns the
// address range of a private read-only or read-and-execute mapping of a
// file (not one deleted since, not the kernel's [vdso]).
func releasableMapping(line []byte) (start, end uintptr, ok bool) {
	fields := bytes.Fields(line)
	if len(fields) != 6 || !bytes.HasPrefix(fields[5], []byte("/")) {
		return 0, 0, false // an anonymous mapping, the kernel's, or a file deleted since ("(deleted)")
	}
	if perms := string(fields[1]); perms != "r-xp" && perms != "r--p" {
		return 0, 0, false
	}
	lo, hi, found := bytes.Cut(fields[0], []byte("-"))
	if !found {
		return 0, 0, false
	}
	s, err1 := strconv.ParseUint(string(lo), 16, 64)
	e, err2 := strconv.ParseUint(string(hi), 16, 64)
	if err1 != nil || err2 != nil || e <= s {
		return 0, 0, false
	}
	return uintptr(s), uintptr(e), true
}
