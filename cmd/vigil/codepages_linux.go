package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// releaseCodePages unmaps from the process the pages of vigil's own
// executable that it has mapped so far, its code and read-only data, and
// returns how many bytes of mappings it released. Go's package
// initialisation touches a function in most 64 KiB blocks of the binary,
// and the kernel maps a whole block around each page fault, so after
// start-up most of the binary counts in the resident set whether the
// command uses it or not; `vigil fetch` calls this once it has parsed its
// flags, and from then on only the pages the pass touches are mapped
// (docs/performance.md). These mappings are never written (the binary has
// no relocated read-only segment), so nothing is lost: a page touched
// again comes back from the page cache, where the released pages stay
// for other processes and for the kernel to reclaim.
func releaseCodePages() int64 {
	exe, err := os.Executable()
	if err != nil {
		return 0
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0
	}
	var released int64
	sc := bufio.NewScanner(bytes.NewReader(maps))
	for sc.Scan() {
		start, end, ok := readOnlyMappingOf(sc.Bytes(), exe)
		if !ok {
			continue
		}
		if _, _, errno := unix.Syscall(unix.SYS_MADVISE, start, end-start, unix.MADV_DONTNEED); errno == 0 {
			released += int64(end - start)
		}
	}
	return released
}

// readOnlyMappingOf reads a line of /proc/self/maps and returns the
// address range of a private read-only or read-and-execute mapping of
// the file exe.
func readOnlyMappingOf(line []byte, exe string) (start, end uintptr, ok bool) {
	fields := bytes.Fields(line)
	if len(fields) != 6 || string(fields[5]) != exe {
		return 0, 0, false // another file, an anonymous mapping, or the binary replaced ("(deleted)")
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
