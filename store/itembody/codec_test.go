package itembody

import (
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func newCodec(t *testing.T) *Codec {
	t.Helper()
	c, err := New(zstd.SpeedDefault)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRoundTrip(t *testing.T) {
	long := strings.Repeat("<p>the feed reports news of the world</p>", 40)
	tests := []struct {
		name, summary, content string
		shared                 bool // the summary is kept as a reference
	}{
		{"empty", "", "", false},
		{"summary only", "a short summary", "", false},
		{"content only", "", long, false},
		{"summary inside content", "the feed reports news", long, true},
		{"summary equals content", long, long, true},
		{"summary elsewhere", "something else entirely, said at some length", long, false},
		{"short summary not shared", "news", long, false},
		{"invalid UTF-8 like a mark", "\xffx", "\x28\xb5 odd", false},
		{"unicode", "Café résumé ünïcödé", "<p>Café résumé ünïcödé</p>" + long, true},
	}
	c := newCodec(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ss, sc := c.Encode(tt.summary, tt.content)
			if got := len(ss) > 0 && ss[0] == refMark; got != tt.shared {
				t.Errorf("summary shared = %v, want %v", got, tt.shared)
			}
			if len(tt.content) > 200 && len(sc) >= len(tt.content)/2 {
				t.Errorf("content of %d bytes stored in %d", len(tt.content), len(sc))
			}
			s, ct, err := c.Decode(ss, sc)
			if err != nil {
				t.Fatal(err)
			}
			if s != tt.summary || ct != tt.content {
				t.Errorf("decoded (%q, %q), want (%q, %q)", s, ct, tt.summary, tt.content)
			}
		})
	}
}

// TestDecodePlain reads values stored before bodies were encoded.
func TestDecodePlain(t *testing.T) {
	c := newCodec(t)
	s, ct, err := c.Decode([]byte("old summary"), []byte("<p>old content</p>"))
	if err != nil || s != "old summary" || ct != "<p>old content</p>" {
		t.Fatalf("Decode = %q, %q, %v", s, ct, err)
	}
}

func TestDecodeDamaged(t *testing.T) {
	c := newCodec(t)
	frame := c.text(strings.Repeat("abc ", 100))
	tests := []struct {
		name             string
		summary, content []byte
		want             string
	}{
		{"truncated frame", nil, frame[:len(frame)-3], "content"},
		{"reference past the end", []byte{refMark, 5, 10}, []byte("short"), "summary"},
		{"reference without length", []byte{refMark, 1}, []byte("short"), "summary"},
		{"reference with trailing bytes", []byte{refMark, 0, 1, 9}, []byte("short"), "summary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := c.Decode(tt.summary, tt.content)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Decode error = %v, want one naming the %s", err, tt.want)
			}
		})
	}
}
