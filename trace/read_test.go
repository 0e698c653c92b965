package trace

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sharedDir returns the shared directory of the project: $VIGIL_SHARED or
// ../../shared from the package directory.
func sharedDir() string {
	if d := os.Getenv("VIGIL_SHARED"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared")
}

// gz compresses s.
func gz(t testing.TB, s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestReadPostings(t *testing.T) {
	const text = "time\twindow\tsource\ttitle\n" +
		"1369008300.25\t\tb\tsecond of b\r\n" +
		"\n" +
		"1369008000\t12\tb\tfirst of b\n" +
		"1369094400\t\ta\tonly a\n"
	for _, input := range [][]byte{[]byte(text), gz(t, text)} {
		p, err := ReadPostings(bytes.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Sources) != 2 || p.Sources[0].ID != "a" || p.Sources[1].ID != "b" {
			t.Fatalf("sources %+v", p.Sources)
		}
		b := p.Sources[1]
		if b.Window != 12 || p.Sources[0].Window != 0 {
			t.Errorf("windows %d %d", b.Window, p.Sources[0].Window)
		}
		if b.Postings[0].Title != "first of b" || b.Postings[1].Title != "second of b" {
			t.Errorf("postings of b not sorted: %+v", b.Postings)
		}
		if want := time.Unix(1369008300, 250_000_000).UTC(); !b.Postings[1].Time.Equal(want) {
			t.Errorf("decimal time %v, want %v", b.Postings[1].Time, want)
		}
		if !p.Start.Equal(time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC)) ||
			!p.End.Equal(time.Date(2013, 5, 22, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("period %v..%v", p.Start, p.End)
		}
	}
}

func TestReadBadInput(t *testing.T) {
	corrupt := gz(t, "source\ttime\n"+strings.Repeat("x\t1\n", 1000))
	corrupt[len(corrupt)-6] ^= 0xff // damage the CRC
	tests := []struct {
		name, want string
		input      []byte
		accesses   bool
	}{
		{"empty", "empty input", nil, false},
		{"missing column", `lacks the column "time"`, []byte("source\ttitle\na\tb\n"), false},
		{"bad time", `line 3: time "12x"`, []byte("source\ttime\na\t1\na\t12x\n"), false},
		{"negative time", `line 2: time "-5"`, []byte("source\ttime\na\t-5\n"), false},
		{"tab inside", "line 2: 4 fields where the header names 3", []byte("source\ttime\ttitle\na\t1\tx\ty\n"), false},
		{"too few columns", "line 2: 1 fields", []byte("source\ttime\na\n"), false},
		{"bad window", `line 2: window "0"`, []byte("source\ttime\twindow\na\t1\t0\n"), false},
		{"conflicting window", "line 3: source \"a\" has window 3", []byte("source\ttime\twindow\na\t1\t2\na\t2\t3\n"), false},
		{"empty source", "line 2: empty source", []byte("source\ttime\n\t1\n"), false},
		{"duplicate column", `column "time" named twice`, []byte("source\ttime\ttime\na\t1\t2\n"), false},
		{"corrupt gzip", "unable to read", corrupt, false},
		{"truncated gzip", "unable to read", gz(t, "source\ttime\na\t1\n")[:20], false},
		{"access without user", `lacks the column "user"`, []byte("time\n1\n"), true},
		{"access bad time", `line 2: time "1e9"`, []byte("user\ttime\nu\t1e9\n"), true},
		{"access empty user", "line 2: empty user", []byte("user\ttime\n \t1\n"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.accesses {
				_, err = ReadAccesses(bytes.NewReader(tc.input))
			} else {
				_, err = ReadPostings(bytes.NewReader(tc.input))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "trace: ") {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestReadAccesses(t *testing.T) {
	const text = "source\tuser\ttime\n\tu2\t30\nfeed\tu1\t20\n\tu1\t10\n"
	a, err := ReadAccesses(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Users) != 2 || a.Users[0].ID != "u1" || a.Count() != 3 {
		t.Fatalf("users %+v", a.Users)
	}
	u1 := a.Users[0].Accesses
	if u1[0].Time.Unix() != 10 || u1[1].Source != "feed" || u1[1].User != "u1" {
		t.Errorf("accesses of u1 %+v", u1)
	}
}

func TestReadRealTraces(t *testing.T) {
	dir := filepath.Join(sharedDir(), "traces")
	p, err := ReadPostingsFile(filepath.Join(dir, "reddit-2013q3.tsv.gz"))
	if err != nil {
		t.Fatalf("the real traces must be readable (set VIGIL_SHARED): %v", err)
	}
	if n := p.Count(); n != 470132 || len(p.Sources) != 2422 {
		t.Errorf("reddit-2013q3: %d postings of %d sources, want 470132 of 2422", n, len(p.Sources))
	}
	if days := p.End.Sub(p.Start) / (24 * time.Hour); days != 90 || !p.Start.Equal(DefaultGenStart) {
		t.Errorf("reddit-2013q3 spans %d days (%v..%v)", days, p.Start, p.End)
	}
	a, err := ReadAccessesFile(filepath.Join(dir, "activity.tsv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if n := a.Count(); n != 64249 || len(a.Users) != 20 {
		t.Errorf("activity: %d accesses of %d users, want 64249 of 20", n, len(a.Users))
	}
}

func BenchmarkReadReddit(b *testing.B) {
	path := filepath.Join(sharedDir(), "traces", "reddit-2013q3.tsv.gz")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadPostingsFile(path); err != nil {
			b.Fatal(err)
		}
	}
}
