package main

import (
	"bytes"
	"os"
	"strconv"
	"testing"
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

// TestReadOnlyMappingOf checks which lines of /proc/self/maps are the
// executable's mappings that may be released.
func TestReadOnlyMappingOf(t *testing.T) {
	const exe = "/usr/local/bin/vigil"
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"00400000-011f8000 r-xp 00000000 fe:00 1234 /usr/local/bin/vigil", true},
		{"011f8000-02068000 r--p 00df8000 fe:00 1234 /usr/local/bin/vigil", true},
		{"02068000-021cc000 rw-p 01c68000 fe:00 1234 /usr/local/bin/vigil", false},
		{"7f00000000-7f00021000 r-xp 00000000 fe:00 99 /usr/lib/x86_64-linux-gnu/libc.so.6", false},
		{"00400000-011f8000 r-xp 00000000 fe:00 1234 /usr/local/bin/vigil (deleted)", false},
		{"c000000000-c004000000 rw-p 00000000 00:00 0", false},
		{"011f8000-00400000 r--p 00df8000 fe:00 1234 /usr/local/bin/vigil", false},
	} {
		if _, _, ok := readOnlyMappingOf([]byte(tc.line), exe); ok != tc.ok {
			t.Errorf("readOnlyMappingOf(%q) = %v, want %v", tc.line, ok, tc.ok)
		}
	}
}
