package trace

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// maxLine is the longest line the readers accept, in bytes.
const maxLine = 1 << 20

// gzipMagic starts every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// table reads the rows of one TSV trace: the header names the columns, and
// every later non-blank line must have as many tab-separated fields.
type table struct {
	sc     *bufio.Scanner
	line   int
	cols   map[string]int
	width  int
	fields []string
}

// openTable detects gzip by its magic bytes, reads the header and checks
// that it names every required column once. Optional columns may be absent;
// unknown columns are ignored.
func openTable(r io.Reader, required, optional []string) (*table, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var src io.Reader = br
	magic, err := br.Peek(len(gzipMagic))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("trace: unable to read: %w", err)
	}
	if bytes.Equal(magic, gzipMagic) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("trace: bad gzip header: %w", err)
		}
		src = zr
	}
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	t := &table{sc: sc}
	if !t.next() {
		if err := t.err(); err != nil {
			return nil, err
		}
		return nil, errors.New("trace: empty input: no header line")
	}
	if err := t.header(required, optional); err != nil {
		return nil, t.fail(err)
	}
	return t, nil
}

// header parses the header line held in t.fields.
func (t *table) header(required, optional []string) error {
	known := make(map[string]bool, len(required)+len(optional))
	for _, name := range append(append([]string(nil), required...), optional...) {
		known[name] = true
	}
	t.cols = make(map[string]int)
	t.width = len(t.fields)
	for i, f := range t.fields {
		name := strings.ToLower(strings.TrimSpace(f))
		if !known[name] {
			continue
		}
		if _, dup := t.cols[name]; dup {
			return fmt.Errorf("trace: line %d: column %q named twice in the header", t.line, name)
		}
		t.cols[name] = i
	}
	for _, name := range required {
		if _, ok := t.cols[name]; !ok {
			return fmt.Errorf("trace: line %d: header lacks the column %q (it has %q)",
				t.line, name, strings.Join(t.fields, "\t"))
		}
	}
	return nil
}

// next advances to the next non-blank line and splits it into t.fields.
func (t *table) next() bool {
	for t.sc.Scan() {
		t.line++
		text := t.sc.Text()
		if t.line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = strings.TrimSuffix(text, "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		t.fields = strings.Split(text, "\t")
		return true
	}
	return false
}

// row checks the width of the current line and returns its fields.
func (t *table) row() ([]string, error) {
	if len(t.fields) != t.width {
		return nil, fmt.Errorf("trace: line %d: %d fields where the header names %d (a tab inside a field?)",
			t.line, len(t.fields), t.width)
	}
	return t.fields, nil
}

// field returns the named column of the current row, or "" when the header
// lacks that optional column.
func (t *table) field(name string) (string, bool) {
	i, ok := t.cols[name]
	if !ok {
		return "", false
	}
	return t.fields[i], true
}

// fail returns err, unless the stream broke right after the current line:
// a truncated or corrupt stream can end in a partial line, and the read
// error is then the one to report.
func (t *table) fail(err error) error {
	if !t.sc.Scan() && t.sc.Err() != nil {
		return t.err()
	}
	return err
}

// err reports a read error (including a corrupt gzip stream) with the line
// reached.
func (t *table) err() error {
	if err := t.sc.Err(); err != nil {
		return fmt.Errorf("trace: line %d: unable to read: %w", t.line+1, err)
	}
	return nil
}

// parseTime parses Unix seconds, integer or decimal (up to nanoseconds), UTC.
func parseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || !digitsOnly(whole) || (hasFrac && (frac == "" || !digitsOnly(frac))) {
		return time.Time{}, fmt.Errorf("time %q is not Unix seconds (digits, optionally a decimal part)", s)
	}
	sec, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("time %q is out of range: %w", s, err)
	}
	var nsec int64
	if hasFrac {
		if len(frac) > 9 {
			frac = frac[:9]
		}
		n, _ := strconv.ParseInt(frac, 10, 64)
		for i := len(frac); i < 9; i++ {
			n *= 10
		}
		nsec = n
	}
	return time.Unix(sec, nsec).UTC(), nil
}

// digitsOnly reports whether s is made of ASCII digits.
func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// formatTime writes t as Unix seconds, with a decimal part only when t has
// sub-second precision.
func formatTime(t time.Time) string {
	sec, nsec := t.Unix(), t.Nanosecond()
	if nsec == 0 {
		return strconv.FormatInt(sec, 10)
	}
	frac := strings.TrimRight(fmt.Sprintf("%09d", nsec), "0")
	return strconv.FormatInt(sec, 10) + "." + frac
}

// span returns the whole UTC days covering [first, last]: Start is the
// midnight at or before first, End the midnight after last.
func span(first, last time.Time) (time.Time, time.Time) {
	start := first.UTC().Truncate(24 * time.Hour)
	end := last.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	return start, end
}
