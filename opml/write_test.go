package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil"
)

var sampleTime = time.Date(2024, time.March, 5, 10, 4, 5, 0, time.FixedZone("CET", 3600))

func TestWriteDocument(t *testing.T) {
	outlines := []Outline{
		{Title: "Go blog", XMLURL: "https://go.dev/blog/feed.atom", HTMLURL: "https://go.dev/blog/", Category: "Tech/Go"},
		{Title: "Loose", XMLURL: "https://loose.example/rss"},
	}
	var buf bytes.Buffer
	if err := Write(&buf, "Subscriptions", outlines, sampleTime); err != nil {
		t.Fatalf("Write: %v", err)
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>Subscriptions</title>
    <dateCreated>Tue, 05 Mar 2024 09:04:05 GMT</dateCreated>
  </head>
  <body>
    <outline text="Tech" title="Tech">
      <outline text="Go" title="Go">
        <outline type="rss" text="Go blog" title="Go blog" xmlUrl="https://go.dev/blog/feed.atom" htmlUrl="https://go.dev/blog/"></outline>
      </outline>
    </outline>
    <outline type="rss" text="Loose" title="Loose" xmlUrl="https://loose.example/rss"></outline>
  </body>
</opml>
`
	if got := buf.String(); got != want {
		t.Errorf("Write =\n%s\nwant\n%s", got, want)
	}
}

func TestWriteHead(t *testing.T) {
	var buf bytes.Buffer
	title := `Ann & Bob's <feeds> "2024" – Zürich`
	if err := Write(&buf, title, nil, sampleTime); err != nil {
		t.Fatalf("Write: %v", err)
	}
	var doc struct {
		Version string    `xml:"version,attr"`
		Title   string    `xml:"head>title"`
		Created string    `xml:"head>dateCreated"`
		Body    *struct{} `xml:"body"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("output is not XML: %v\n%s", err, buf.String())
	}
	if doc.Version != "2.0" || doc.Title != title || doc.Body == nil {
		t.Errorf("version %q, title %q, body present %v; want 2.0, %q, true", doc.Version, doc.Title, doc.Body != nil, title)
	}
	created, err := time.Parse(time.RFC1123, doc.Created)
	if err != nil || !created.Equal(sampleTime) {
		t.Errorf("dateCreated %q parses as %v, %v; want RFC 822 time %v", doc.Created, created, err, sampleTime)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		outlines []Outline
		want     []Outline // nil: the same as outlines
	}{
		{name: "no outlines", outlines: []Outline{}},
		{
			name: "flat",
			outlines: []Outline{
				{Title: "A", XMLURL: "https://a.example/", HTMLURL: "https://a.example/home"},
				{Title: "B", XMLURL: "https://b.example/"},
			},
		},
		{
			name: "escaping and non-ASCII",
			outlines: []Outline{
				{Title: `Tom & Jerry <3 "quotes" 'apostrophes'`, XMLURL: "https://x.example/?a=1&b=<2>", HTMLURL: `https://x.example/"q"`, Category: `R&D/<Lab> "one"`},
				{Title: "Zürich – 東京 – 🚀", XMLURL: "https://ü.example/Ünïcode", Category: "Ελληνικά"},
				{Title: "tab\tand\nnewline", XMLURL: "https://ws.example/"},
			},
		},
		{
			name: "missing title",
			outlines: []Outline{
				{XMLURL: "https://untitled.example/", Category: "Misc"},
			},
		},
		{
			name: "nested categories",
			outlines: []Outline{
				{Title: "1", XMLURL: "https://1.example/", Category: "A"},
				{Title: "2", XMLURL: "https://2.example/", Category: "A/B"},
				{Title: "3", XMLURL: "https://3.example/", Category: "A/B/C"},
				{Title: "4", XMLURL: "https://4.example/", Category: "A"},
				{Title: "5", XMLURL: "https://5.example/", Category: "D"},
			},
			want: []Outline{
				{Title: "1", XMLURL: "https://1.example/", Category: "A"},
				{Title: "2", XMLURL: "https://2.example/", Category: "A/B"},
				{Title: "3", XMLURL: "https://3.example/", Category: "A/B/C"},
				{Title: "4", XMLURL: "https://4.example/", Category: "A"},
				{Title: "5", XMLURL: "https://5.example/", Category: "D"},
			},
		},
		{
			name: "interleaved categories are grouped in order of first appearance",
			outlines: []Outline{
				{Title: "x1", XMLURL: "https://x1.example/", Category: "X"},
				{Title: "top", XMLURL: "https://top.example/"},
				{Title: "y1", XMLURL: "https://y1.example/", Category: "Y"},
				{Title: "x2", XMLURL: "https://x2.example/", Category: "X"},
			},
			want: []Outline{
				{Title: "x1", XMLURL: "https://x1.example/", Category: "X"},
				{Title: "x2", XMLURL: "https://x2.example/", Category: "X"},
				{Title: "top", XMLURL: "https://top.example/"},
				{Title: "y1", XMLURL: "https://y1.example/", Category: "Y"},
			},
		},
		{
			name: "untidy category paths come back canonical",
			outlines: []Outline{
				{Title: "u", XMLURL: "https://u.example/", Category: "/ News // Local /"},
			},
			want: []Outline{
				{Title: "u", XMLURL: "https://u.example/", Category: "News/Local"},
			},
		},
		{name: "many", outlines: sampleOutlines(200, 7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			if want == nil {
				want = tt.outlines
			}
			var buf bytes.Buffer
			if err := Write(&buf, "round trip", tt.outlines, sampleTime); err != nil {
				t.Fatalf("Write: %v", err)
			}
			got, err := Parse(&buf)
			if err != nil {
				t.Fatalf("Parse of Write's output: %v", err)
			}
			if diff := outlinesDiff(got, want); diff != "" {
				t.Errorf("round trip: %s", diff)
			}
		})
	}
}

func TestWriteInvalid(t *testing.T) {
	outlines := []Outline{
		{Title: "ok", XMLURL: "https://ok.example/"},
		{Title: "no url", XMLURL: "  "},
	}
	var buf bytes.Buffer
	err := Write(&buf, "t", outlines, sampleTime)
	if err == nil || !strings.Contains(err.Error(), `outline 1 ("no url") has no feed URL`) {
		t.Fatalf("Write error %v, want one naming outline 1", err)
	}
	if code := vigil.ErrorCode(err); code != vigil.EINVALID {
		t.Errorf("error code %q, want %q", code, vigil.EINVALID)
	}
	if buf.Len() != 0 {
		t.Errorf("Write wrote %d bytes before refusing the outlines", buf.Len())
	}
}

// failingWriter accepts limit bytes and then fails.
type failingWriter struct {
	limit int
	err   error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.limit {
		n := w.limit
		w.limit = 0
		return n, w.err
	}
	w.limit -= len(p)
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	cause := errors.New("disk full")
	for _, limit := range []int{0, 50, 300} {
		w := &failingWriter{limit: limit, err: cause}
		err := Write(w, "t", sampleOutlines(20, 3), sampleTime)
		if !errors.Is(err, cause) || !strings.HasPrefix(err.Error(), "opml: ") {
			t.Errorf("Write failing after %d bytes: error %v, want an opml error wrapping %v", limit, err, cause)
		}
	}
}

// sampleOutlines returns n distinct feeds spread over folders categories,
// grouped so that Write keeps their order.
func sampleOutlines(n, folders int) []Outline {
	out := make([]Outline, n)
	for i := range out {
		f := i * folders / n
		out[i] = Outline{
			Title:   fmt.Sprintf("Feed %d & co", i),
			XMLURL:  fmt.Sprintf("https://feed%d.example/rss?x=%d&y=1", i, i),
			HTMLURL: fmt.Sprintf("https://feed%d.example/", i),
		}
		if f > 0 {
			out[i].Category = fmt.Sprintf("Group %d/Sub %d", f/3, f)
		}
	}
	return out
}

// outlinesDiff describes the first difference between got and want, or
// returns "" if they are equal.
func outlinesDiff(got, want []Outline) string {
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			return fmt.Sprintf("outline %d is %+v, want %+v", i, got[i], want[i])
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("got %d outlines, want %d", len(got), len(want))
	}
	return ""
}

func BenchmarkWrite(b *testing.B) {
	outlines := sampleOutlines(1000, 20)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, "bench", outlines, sampleTime); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
