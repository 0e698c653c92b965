package fetch

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadAll(t *testing.T) {
	body := strings.Repeat("<item>feed text</item>", 3000) // 66,000 bytes
	boom := errors.New("connection reset")
	tests := []struct {
		name    string
		r       io.Reader
		hint    int
		want    string
		wantErr error
	}{
		{"the declared length", strings.NewReader(body), len(body), body, nil},
		{"no length declared", strings.NewReader(body), 0, body, nil},
		{"a length too short", strings.NewReader(body), 100, body, nil},
		{"a length too long", strings.NewReader(body), 2 * len(body), body, nil},
		{"an empty body", strings.NewReader(""), 0, "", nil},
		{"a byte at a time", iotest.OneByteReader(strings.NewReader(body)), len(body), body, nil},
		{"a read error keeps what came", io.MultiReader(strings.NewReader("partial"), iotest.ErrReader(boom)), 0, "partial", boom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readAll(tt.r, tt.hint)
			if string(got) != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("readAll = %d bytes, %v; want %d bytes, %v", len(got), err, len(tt.want), tt.wantErr)
			}
		})
	}
}

// TestReadAllDeclaredLengthAllocatesOnce checks the point of the hint: a
// body of the declared length is read into one allocation, where
// io.ReadAll grows through several.
func TestReadAllDeclaredLengthAllocatesOnce(t *testing.T) {
	body := bytes.Repeat([]byte("x"), 66000)
	r := bytes.NewReader(nil)
	allocs := testing.AllocsPerRun(20, func() {
		r.Reset(body)
		if _, err := readAll(r, len(body)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 1 {
		t.Errorf("readAll with the declared length made %.0f allocations, want 1", allocs)
	}
}

func TestSizeHint(t *testing.T) {
	tests := []struct {
		name      string
		length    int64
		encodings []string
		limit     int64
		want      int
	}{
		{"the declared length", 66000, nil, 10 << 20, 66000},
		{"no length declared", -1, nil, 10 << 20, 0},
		{"an encoded body's length is the wire's", 66000, []string{"gzip"}, 10 << 20, 0},
		{"over the limit", 66000, nil, 1000, 0},
		{"a declared length is not trusted past 1 MiB", 8 << 20, nil, 10 << 20, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := &http.Response{ContentLength: tt.length}
			if got := sizeHint(resp, tt.encodings, tt.limit); got != tt.want {
				t.Errorf("sizeHint = %d, want %d", got, tt.want)
			}
		})
	}
}
