package fetch

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// compress encodes data with coding: "gzip", "zlib" or "flate" (raw DEFLATE).
func compress(t testing.TB, coding string, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch coding {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "zlib":
		w = zlib.NewWriter(&buf)
	case "flate":
		w, _ = flate.NewWriter(&buf, flate.BestCompression)
	default:
		t.Fatalf("unknown coding %q", coding)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// encodedServer serves body with the Content-Encoding header encoding and
// the given status.
func encodedServer(t *testing.T, status int, encoding string, body []byte) string {
	t.Helper()
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if encoding != "" {
			w.Header().Set("Content-Encoding", encoding)
		}
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}).URL
}

func TestDecoding(t *testing.T) {
	text := []byte(strings.Repeat("<item>hello</item>\n", 200))
	tests := []struct {
		name, encoding string
		wire           []byte
	}{
		{"identity", "", text},
		{"explicit identity", "identity", text},
		{"gzip", "gzip", compress(t, "gzip", text)},
		{"x-gzip", "x-gzip", compress(t, "gzip", text)},
		{"deflate as zlib", "deflate", compress(t, "zlib", text)},
		{"deflate as raw DEFLATE", "deflate", compress(t, "flate", text)},
		{"gzip then deflate", "gzip, deflate", compress(t, "zlib", compress(t, "gzip", text))},
	}
	c := testClient(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := mustGet(t, c, Request{URL: encodedServer(t, 200, tt.encoding, tt.wire)})
			if !bytes.Equal(resp.Body, text) {
				t.Fatalf("body = %d bytes %.40q; want the %d decoded bytes", len(resp.Body), resp.Body, len(text))
			}
			if resp.Bytes != int64(len(tt.wire)) {
				t.Fatalf("Bytes = %d; want %d on the wire", resp.Bytes, len(tt.wire))
			}
		})
	}
}

func TestBadEncoding(t *testing.T) {
	tests := []struct {
		name, encoding string
		wire           []byte
	}{
		{"corrupt gzip", "gzip", []byte("this is not gzip at all")},
		{"gzip with bad checksum", "gzip", corruptTrailer(compress(t, "gzip", []byte("hello hello hello")))},
		{"brotli not offered", "br", []byte{0x0b, 0x02, 0x80}},
	}
	c := testClient(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := wantKind(t, c, Request{URL: encodedServer(t, 200, tt.encoding, tt.wire)}, KindDecode)
			if !strings.Contains(e.Error(), tt.encoding) {
				t.Fatalf("error %q does not name the encoding %q", e, tt.encoding)
			}
		})
	}
}

// corruptTrailer flips a bit of a gzip member's CRC-32.
func corruptTrailer(b []byte) []byte {
	b[len(b)-8] ^= 1
	return b
}

func TestBodyCap(t *testing.T) {
	const limit = 64 << 10
	plain := bytes.Repeat([]byte("a"), limit+1)
	bomb := compress(t, "gzip", make([]byte, 8<<20)) // 8 MiB of zeros in ~8 KiB
	if len(bomb) > limit {
		t.Fatalf("the bomb is %d bytes on the wire; it must be under the cap to test decoding", len(bomb))
	}
	tests := []struct {
		name, encoding string
		wire           []byte
	}{
		{"plain over the cap", "", plain},
		{"gzip bomb", "gzip", bomb},
		{"deflate bomb", "deflate", compress(t, "zlib", make([]byte, 8<<20))},
	}
	c := testClient(Config{MaxBodyBytes: limit})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := wantKind(t, c, Request{URL: encodedServer(t, 200, tt.encoding, tt.wire)}, KindTooLarge)
			if !strings.Contains(e.Error(), strconv.Itoa(limit)) {
				t.Fatalf("error %q does not name the limit", e)
			}
		})
	}
	t.Run("exactly at the cap", func(t *testing.T) {
		resp := mustGet(t, c, Request{URL: encodedServer(t, 200, "gzip", compress(t, "gzip", plain[:limit]))})
		if len(resp.Body) != limit || resp.Truncated {
			t.Fatalf("body = %d bytes, Truncated=%v; want %d untruncated", len(resp.Body), resp.Truncated, limit)
		}
	})
	t.Run("error status is cut, not refused", func(t *testing.T) {
		resp := mustGet(t, c, Request{URL: encodedServer(t, 503, "gzip", bomb)})
		if resp.Status != 503 || len(resp.Body) != limit || !resp.Truncated {
			t.Fatalf("got %d with %d bytes, Truncated=%v; want 503 cut to %d", resp.Status, len(resp.Body), resp.Truncated, limit)
		}
	})
}

func TestIsZlibHeader(t *testing.T) {
	tests := []struct {
		head []byte
		want bool
	}{
		{[]byte{0x78, 0x9c}, true},
		{[]byte{0x78, 0x01}, true},
		{[]byte{0x78, 0xda}, true},
		{[]byte{0x78, 0x9d}, false},
		{[]byte{0xec, 0xbd}, false},
		{[]byte{0x78}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := isZlibHeader(tt.head); got != tt.want {
			t.Errorf("isZlibHeader(% x) = %v; want %v", tt.head, got, tt.want)
		}
	}
}
