package fetch

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadAll(t *testing.T) {
	body := strings.Repeat("<item>feed text</item>", 3000) // 66,000 bytes
	long := strings.Repeat("0123456789abcdef", 3<<16)      // 3 MiB: past the first piece and maxChunk
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
		{"a long body, declared", strings.NewReader(long), len(long), long, nil},
		{"a long body, not declared", strings.NewReader(long), 0, long, nil},
		{"a long body, declared too short", strings.NewReader(long), len(long) / 2, long, nil},
		{"a long body, declared too long", strings.NewReader(long), 2 * len(long), long, nil},
		{"a long body in small reads", iotest.HalfReader(strings.NewReader(long)), 0, long, nil},
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

// TestReadAllAllocations bounds what a long body costs: at most twice
// its length in all when no length is declared (io.ReadAll takes about
// five times), and its length and the first piece when one is.
func TestReadAllAllocations(t *testing.T) {
	body := bytes.Repeat([]byte("x"), 10<<20)
	tests := []struct {
		name     string
		declared int
		most     float64 // bytes allocated per body byte
	}{
		{"declared", len(body), 1.11},
		{"not declared", 0, 2.11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got, err := readAll(bytes.NewReader(body), tt.declared)
			runtime.ReadMemStats(&after)
			if err != nil || len(got) != len(body) {
				t.Fatalf("readAll = %d bytes, %v", len(got), err)
			}
			if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(body)); per > tt.most {
				t.Errorf("readAll allocated %.2f bytes per body byte, want at most %.2f", per, tt.most)
			}
		})
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
		{"a long declared length", 8 << 20, nil, 10 << 20, 8 << 20},
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
