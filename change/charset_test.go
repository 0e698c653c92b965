package change

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"golang.org/x/net/html/charset"
)

// TestBodyReaderMatchesCharset checks that bodyBytes decodes as
// charset.NewReader does, whether it skips the decoding pass or not.
func TestBodyReaderMatchesCharset(t *testing.T) {
	tests := []struct {
		name, body, contentType string
	}{
		{"ascii, no charset", "<p>plain ascii</p>", "text/html"},
		{"ascii, utf-8", "<p>plain</p>", "text/html; charset=utf-8"},
		{"windows-1252 bytes", "<p>caf\xe9 \x80 \x93quoted\x94</p>", "text/html"},
		{"utf-8 sniffed", "<p>café ☕</p>", ""},
		{"latin-1 declared", "<p>na\xefve</p>", "text/html; charset=iso-8859-1"},
		{"iso-2022-jp meta", "<meta charset=iso-2022-jp><p>\x1b$B$3$s\x1b(B</p>", "text/html"},
		{"utf-16 bom", "\xff\xfe<\x00p\x00>\x00", "text/html"},
		{"invalid utf-8 declared", "<p>bad \xff\xfe byte</p>", "text/html; charset=utf-8"},
		{"empty", "", "text/html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := []byte(tt.body)
			if r, err := charset.NewReader(bytes.NewReader(want), tt.contentType); err == nil {
				if want, err = io.ReadAll(r); err != nil {
					t.Fatal(err)
				}
			}
			if got := bodyBytes([]byte(tt.body), tt.contentType); !bytes.Equal(got, want) {
				t.Errorf("bodyBytes gives %q, charset.NewReader %q", got, want)
			}
		})
	}
}

// TestBodyBytesAllocatesThePageOnce: a page that must be decoded is
// allocated once at its decoded size (1 MiB of windows-1252 "é" is 2 MiB
// of UTF-8), beside the decoder's own small buffers, not grown for its
// last read.
func TestBodyBytesAllocatesThePageOnce(t *testing.T) {
	body := bytes.Repeat([]byte{0xe9}, 1<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	page := bodyBytes(body, "text/html; charset=windows-1252")
	runtime.ReadMemStats(&after)
	if len(page) != 2<<20 {
		t.Fatalf("decoded %d bytes, want %d", len(page), 2<<20)
	}
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(2<<20+256<<10); got > most {
		t.Errorf("bodyBytes allocated %d bytes, want at most %d", got, most)
	}
}
