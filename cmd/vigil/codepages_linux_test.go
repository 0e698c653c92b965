package main

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// rssFileKiB reads the process's resident file-backed pages (RssFile).
func rssFileKiB(t *testing.T) int64 {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte("RssFile:")); ok {
			n, err := strconv.ParseInt(string(bytes.Fields(v)[0]), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no RssFile in /proc/self/status")
	return 0
}

// TestReleaseCodePages releases the test binary's own code pages and
// checks that its resident file pages fell by megabytes, and that the
// program runs on (its pages come back as they are touched: here the
// command line's parser, run after the release).
func TestReleaseCodePages(t *testing.T) {
	before := rssFileKiB(t)
	released := releaseCodePages()
	after := rssFileKiB(t)
	if released < 8<<20 {
		t.Errorf("released %d bytes of mappings, want the binary's (tens of MB)", released)
	}
	if before-after < 2048 {
		t.Errorf("RssFile %d KiB before, %d after: want megabytes fewer", before, after)
	}
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	if code := run(t.Context(), e, []string{"version"}); code != 0 || out.Len() == 0 {
		t.Fatalf("vigil version after the release: exit %d, %q", code, out.String())
	}
}

// libcRssKiB sums the resident pages of the process's read-only and
// read-and-execute mappings of libc (Rss in /proc/self/smaps), and
// reports whether it has any.
func libcRssKiB(t *testing.T) (kib int64, mapped bool) {
	t.Helper()
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for line := range bytes.Lines(smaps) {
		if isMapsLine(line) {
			f := bytes.Fields(line)
			in = len(f) == 6 && bytes.Contains(f[5], []byte("/libc.so")) && (string(f[1]) == "r-xp" || string(f[1]) == "r--p")
			mapped = mapped || in
			continue
		}
		if v, ok := bytes.CutPrefix(line, []byte("Rss:")); ok && in {
			n, err := strconv.ParseInt(string(bytes.Fields(v)[0]), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			kib += n
		}
	}
	return kib, mapped
}

// touchMappings reads a byte of every page of the process's read-only and
// read-and-execute mappings of files whose path contains name, through
// /proc/self/mem, which maps them all, and returns how many bytes it
// touched.
func touchMappings(t *testing.T, name string) int {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	mem, err := os.Open("/proc/self/mem")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	b := make([]byte, 1)
	n := 0
	for line := range bytes.Lines(maps) {
		start, end, ok := releasableMapping(line)
		if !ok || !bytes.Contains(bytes.Fields(line)[5], []byte(name)) {
			continue
		}
		for a := start; a < end; a += 4096 {
			if _, err := mem.ReadAt(b, int64(a)); err != nil {
				t.Fatalf("reading the page at %#x: %v", a, err)
			}
			n += 4096
		}
	}
	return n
}

// TestReleaseCodePagesOfLibc checks that the release takes libc's code
// too, when the binary is linked with it (a cgo build), but leaves its
// relocated read-only part, which the dynamic loader wrote: the program
// runs on after the release, and calls into libc (a thread started by
// the runtime) work.
func TestReleaseCodePagesOfLibc(t *testing.T) {
	if _, mapped := libcRssKiB(t); !mapped {
		t.Skip("no libc mapped (a build without cgo)")
	}
	touchMappings(t, "/libc.so")
	before, _ := libcRssKiB(t)
	releaseCodePages()
	after, _ := libcRssKiB(t)
	if after >= before || after > before/2 {
		t.Errorf("libc's resident code and read-only data: %d KiB before the release, %d after; want less than half", before, after)
	}
	done := make(chan struct{})
	go func() { // a goroutine locked to its thread makes the runtime start another one
		runtime.LockOSThread()
		close(done)
	}()
	<-done
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	if code := run(t.Context(), e, []string{"version"}); code != 0 || out.Len() == 0 {
		t.Fatalf("vigil version after the release: exit %d, %q", code, out.String())
	}
}

// TestCodePagesEvery checks that a pass's steps release the code pages
// again once the process has spent the budget of CPU time: pages touched
// after the first release (here every page of the executable's code and
// read-only data, read one by one) count in the resident set until a step
// finds the budget spent, and after it are released again; with a budget
// of 0 never.
func TestCodePagesEvery(t *testing.T) {
	pages := findCodePages()
	if len(pages.lines) == 0 {
		t.Fatal("no mapping of the executable found to release")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		budget, spend time.Duration // spend: CPU time spent before the last step
		released      bool
	}{
		{budget: time.Hour, spend: 20 * time.Millisecond, released: false},
		{budget: 10 * time.Millisecond, spend: 20 * time.Millisecond, released: true},
		{budget: 0, spend: 20 * time.Millisecond, released: false},
	} {
		pages.release()
		touchMappings(t, exe) // the executable's every page, as start-up nearly does
		step, stop := pages.every(tc.budget)
		touched := rssFileKiB(t)
		spendCPU(tc.spend)
		step()
		stop() // waits for a release that was due
		after := rssFileKiB(t)
		if fell := touched-after >= 8192; fell != tc.released {
			t.Errorf("every(%s), %s of CPU spent: RssFile %d KiB after touching code, %d after the steps; released = %v, want %v",
				tc.budget, tc.spend, touched, after, fell, tc.released)
		}
	}
}

// spendCPU keeps the calling thread busy until the process has spent d
// more of CPU time.
func spendCPU(d time.Duration) {
	for end := cpuSpent() + d; cpuSpent() < end; {
	}
}

// TestReleasableMapping checks which lines of /proc/self/maps are
// mappings of files that may be released.
func TestReleasableMapping(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"00400000-011f8000 r-xp 00000000 fe:00 1234 /usr/local/bin/vigil", true},
		{"011f8000-02068000 r--p 00df8000 fe:00 1234 /usr/local/bin/vigil", true},
		{"02068000-021cc000 rw-p 01c68000 fe:00 1234 /usr/local/bin/vigil", false},
		{"7f00000000-7f00021000 r-xp 00000000 fe:00 99 /usr/lib/x86_64-linux-gnu/libc.so.6", true},
		{"7f00021000-7f00025000 r--s 00000000 fe:00 98 /var/lib/vigil/vigil.db", false},
		{"00400000-011f8000 r-xp 00000000 fe:00 1234 /usr/local/bin/vigil (deleted)", false},
		{"7ffd000000-7ffd002000 r-xp 00000000 00:00 0 [vdso]", false},
		{"c000000000-c004000000 rw-p 00000000 00:00 0", false},
		{"011f8000-00400000 r--p 00df8000 fe:00 1234 /usr/local/bin/vigil", false},
	} {
		if _, _, ok := releasableMapping([]byte(tc.line)); ok != tc.ok {
			t.Errorf("releasableMapping(%q) = %v, want %v", tc.line, ok, tc.ok)
		}
	}
}

// TestFindCodePagesLeavesWrittenMappings checks that a read-only mapping
// holding anonymous pages (a shared library's relocated part, which the
// dynamic loader wrote before making it read-only) is not among those
// found, while the executable's code is.
func TestFindCodePagesLeavesWrittenMappings(t *testing.T) {
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	pages := findCodePages()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var head []byte
	sawExe := false
	for line := range bytes.Lines(smaps) {
		if isMapsLine(line) {
			head = normalMapsLine(line)
			continue
		}
		anon, ok := bytes.CutPrefix(line, []byte("Anonymous:"))
		if !ok || head == nil {
			continue
		}
		f := bytes.Fields(head)
		written := !bytes.Equal(bytes.TrimSpace(anon), []byte("0 kB"))
		switch found := pages.lines[string(head)]; {
		case written && found:
			t.Errorf("mapping with anonymous pages (%s) found to release: %s", bytes.TrimSpace(anon), head)
		case len(f) == 6 && string(f[5]) == exe && string(f[1]) == "r-xp":
			sawExe = true
			if !found {
				t.Errorf("the executable's code not found to release: %s", head)
			}
		}
		head = nil
	}
	if !sawExe {
		t.Error("no mapping of the executable's code in /proc/self/smaps")
	}
}
