package change

import (
	"bytes"
	"io"
	"runtime"
	"strings"
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

// TestExtractPlainAndJSONCharsets checks that plain text and JSON pages
// are read in the charset their Content-Type names (or a byte order mark
// gives), so that an edit of a page in windows-1251 or Shift_JIS is a
// visible change of readable text, not one of U+FFFD. Undeclared plain
// text that is not UTF-8 is read as windows-1252, as HTML is.
func TestExtractPlainAndJSONCharsets(t *testing.T) {
	tests := []struct {
		name, contentType, before, after, wantAfter string
	}{
		{"windows-1251", "text/plain; charset=windows-1251",
			"\xcc\xe0\xe3\xe0\xe7\xe8\xed: \xce\xf2\xea\xf0\xfb\xf2\xee", "\xcc\xe0\xe3\xe0\xe7\xe8\xed: \xc7\xe0\xea\xf0\xfb\xf2\xee", "Магазин: Закрыто\n"},
		{"iso-8859-1", "text/plain; charset=iso-8859-1", "r\xe9serv\xe9", "r\xe8serv\xe8", "rèservè\n"},
		{"shift_jis", "text/plain; charset=shift_jis", "\x8a\x4a\x93\x58", "\x95\xc2\x93\x58", "閉店\n"},
		{"undeclared latin-1", "text/plain", "caf\xe9 ouvert", "caf\xe9 ferm\xe9", "café fermé\n"},
		{"utf-16 bom", "text/plain", "\xff\xfeo\x00p\x00e\x00n\x00", "\xff\xfes\x00h\x00u\x00t\x00", "shut\n"},
		{"undeclared utf-8 past the first kilobyte", "text/plain", strings.Repeat("a ", 600) + "café naïve", strings.Repeat("a ", 600) + "café naïf 日本",
			strings.TrimSpace(strings.Repeat("a ", 600)) + " café naïf 日本\n"},
		{"meta-like words are text", "text/plain", "say <meta charset=\"koi8-r\"> to bistro", "say <meta charset=\"koi8-r\"> to café",
			"say <meta charset=\"koi8-r\"> to café\n"},
		{"utf-8 json labelled latin-1", "application/json; charset=iso-8859-1", `{"s":"café"}`, `{"s":"naïve"}`, "{\n\"s\": \"naïve\"\n}\n"},
		{"json in windows-1251", "application/json; charset=windows-1251",
			"{\"s\":\"\xce\xf2\xea\xf0\xfb\xf2\xee\"}", "{\"s\":\"\xc7\xe0\xea\xf0\xfb\xf2\xee\"}", "{\n\"s\": \"Закрыто\"\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := mustExtract(t, tt.before, tt.contentType, ExtractOptions{})
			after := mustExtract(t, tt.after, tt.contentType, ExtractOptions{})
			if after.Text != tt.wantAfter {
				t.Errorf("text %q, want %q", after.Text, tt.wantAfter)
			}
			if before.Text == after.Text {
				t.Errorf("both versions read as %q: the edit is lost", after.Text)
			}
		})
	}
}
