package opml

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"vigil"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []Outline
	}{
		{
			name: "OPML 1.0 flat list",
			doc: `<?xml version="1.0" encoding="utf-8"?>
<opml version="1.0">
  <head><title>My feeds</title></head>
  <body>
    <outline text="Alpha" type="rss" xmlUrl="https://alpha.example/feed" htmlUrl="https://alpha.example/"/>
    <outline text="Beta" type="rss" xmlUrl="https://beta.example/rss.xml"/>
  </body>
</opml>`,
			want: []Outline{
				{Title: "Alpha", XMLURL: "https://alpha.example/feed", HTMLURL: "https://alpha.example/"},
				{Title: "Beta", XMLURL: "https://beta.example/rss.xml"},
			},
		},
		{
			name: "OPML 2.0 nested folders",
			doc: `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>Export</title><dateCreated>Mon, 27 Feb 2006 12:09:48 GMT</dateCreated></head>
  <body>
    <outline text="Top" type="rss" xmlUrl="https://top.example/feed"/>
    <outline text="News" title="News">
      <outline text="World" title="World">
        <outline text="Deep">
          <outline text="D" title="Deep feed" type="rss" xmlUrl="https://deep.example/atom"/>
        </outline>
        <outline text="W" type="rss" xmlUrl="https://world.example/rss"/>
      </outline>
      <outline text="N" type="rss" xmlUrl="https://news.example/rss"/>
    </outline>
    <outline text="Empty folder"/>
  </body>
</opml>`,
			want: []Outline{
				{Title: "Top", XMLURL: "https://top.example/feed"},
				{Title: "Deep feed", XMLURL: "https://deep.example/atom", Category: "News/World/Deep"},
				{Title: "W", XMLURL: "https://world.example/rss", Category: "News/World"},
				{Title: "N", XMLURL: "https://news.example/rss", Category: "News"},
			},
		},
		{
			name: "attribute name case variants",
			doc: `<opml version="1.0"><body>
  <outline text="a" xmlUrl="https://a.example/" htmlUrl="https://a.example/site"/>
  <outline text="b" xmlurl="https://b.example/" htmlurl="https://b.example/site"/>
  <outline TEXT="c" XMLURL="https://c.example/" HTMLURL="https://c.example/site"/>
  <outline Title="d" XmlUrl="https://d.example/"/>
</body></opml>`,
			want: []Outline{
				{Title: "a", XMLURL: "https://a.example/", HTMLURL: "https://a.example/site"},
				{Title: "b", XMLURL: "https://b.example/", HTMLURL: "https://b.example/site"},
				{Title: "c", XMLURL: "https://c.example/", HTMLURL: "https://c.example/site"},
				{Title: "d", XMLURL: "https://d.example/"},
			},
		},
		{
			name: "types rss, atom, missing and other all accepted",
			doc: `<opml version="2.0"><head/><body>
  <outline type="rss" text="r" xmlUrl="https://r.example/"/>
  <outline type="atom" text="a" xmlUrl="https://a.example/"/>
  <outline text="m" xmlUrl="https://m.example/"/>
  <outline type="link" text="l" xmlUrl="https://l.example/"/>
</body></opml>`,
			want: []Outline{
				{Title: "r", XMLURL: "https://r.example/"},
				{Title: "a", XMLURL: "https://a.example/"},
				{Title: "m", XMLURL: "https://m.example/"},
				{Title: "l", XMLURL: "https://l.example/"},
			},
		},
		{
			name: "duplicates are returned once, as first listed",
			doc: `<opml version="2.0"><body>
  <outline text="first" xmlUrl="https://dup.example/feed"/>
  <outline text="Folder">
    <outline text="second" xmlUrl="https://dup.example/feed"/>
    <outline text="other" xmlUrl="https://other.example/"/>
  </outline>
  <outline text="third" xmlUrl=" https://dup.example/feed "/>
</body></opml>`,
			want: []Outline{
				{Title: "first", XMLURL: "https://dup.example/feed"},
				{Title: "other", XMLURL: "https://other.example/", Category: "Folder"},
			},
		},
		{
			name: "title falls back to text, then to nothing",
			doc: `<opml version="2.0"><body>
  <outline title="Title wins" text="text loses" xmlUrl="https://1.example/"/>
  <outline text="Only text" xmlUrl="https://2.example/"/>
  <outline title="  " text="Blank title" xmlUrl="https://3.example/"/>
  <outline xmlUrl="https://4.example/"/>
</body></opml>`,
			want: []Outline{
				{Title: "Title wins", XMLURL: "https://1.example/"},
				{Title: "Only text", XMLURL: "https://2.example/"},
				{Title: "Blank title", XMLURL: "https://3.example/"},
				{Title: "", XMLURL: "https://4.example/"},
			},
		},
		{
			name: "empty feed URLs are skipped; their children still count",
			doc: `<opml version="2.0"><body>
  <outline text="empty" type="rss" xmlUrl=""/>
  <outline text="blank" type="rss" xmlUrl="   "/>
  <outline text="Box" xmlUrl="">
    <outline text="inside" xmlUrl="https://inside.example/"/>
  </outline>
</body></opml>`,
			want: []Outline{{Title: "inside", XMLURL: "https://inside.example/", Category: "Box"}},
		},
		{
			name: "folder names are trimmed and blank ones ignored",
			doc: `<opml version="2.0"><body>
  <outline text=" Outer ">
    <outline text="">
      <outline title=" " text=" Inner">
        <outline text="f" xmlUrl="https://f.example/"/>
      </outline>
    </outline>
    <outline text="/">
      <outline text="g" xmlUrl="https://g.example/"/>
    </outline>
  </outline>
</body></opml>`,
			want: []Outline{
				{Title: "f", XMLURL: "https://f.example/", Category: "Outer/Inner"},
				{Title: "g", XMLURL: "https://g.example/", Category: "Outer"},
			},
		},
		{
			name: "XML escapes and non-ASCII in attributes",
			doc: `<opml version="2.0"><body>
  <outline text="Tom &amp; Jerry &lt;3 &quot;quoted&quot; Zürich 東京" xmlUrl="https://x.example/?a=1&amp;b=2"/>
</body></opml>`,
			want: []Outline{{Title: `Tom & Jerry <3 "quoted" Zürich 東京`, XMLURL: "https://x.example/?a=1&b=2"}},
		},
		{
			name: "prolog with comment, doctype and byte order mark",
			doc: "\ufeff<?xml version=\"1.0\"?>\n<!-- exported -->\n<!DOCTYPE opml>\n" +
				`<opml version="1.0"><body><outline text="x" xmlUrl="https://x.example/"/></body></opml>`,
			want: []Outline{{Title: "x", XMLURL: "https://x.example/"}},
		},
		{
			name: "Latin-1 declared document",
			doc: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" +
				"<opml version=\"1.0\"><body><outline text=\"Caf\xe9 cr\xe8me\">" +
				"<outline text=\"Gr\xfc\xdfe \xa7 \xbd\" xmlUrl=\"https://latin.example/\"/></outline></body></opml>",
			want: []Outline{{Title: "Grüße § ½", XMLURL: "https://latin.example/", Category: "Café crème"}},
		},
		{
			name: "no feeds at all",
			doc:  `<opml version="2.0"><head><title>none</title></head><body><outline text="Folder"/></body></opml>`,
			want: []Outline{},
		},
		{
			name: "empty body",
			doc:  `<opml version="1.0"><body/></opml>`,
			want: []Outline{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tt.doc))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got == nil {
				t.Fatal("Parse returned nil, want a non-nil slice")
			}
			if diff := outlinesDiff(got, tt.want); diff != "" {
				t.Error(diff)
			}
		})
	}
}

func TestParseInvalid(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want string // substring of the error
	}{
		{"empty", "", "document is empty"},
		{"only whitespace", " \n\t ", "document is empty"},
		{"plain text", "just some words", "starts with text"},
		{"only a prolog", `<?xml version="1.0"?><!-- nothing -->`, "no root element"},
		{"HTML page", "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>x</title></head><body></body></html>", "root element is <html>, want <opml>"},
		{"wrong root", `<?xml version="1.0"?><rss version="2.0"><channel/></rss>`, "root element is <rss>, want <opml>"},
		{"truncated", `<opml version="2.0"><body><outline text="a" xmlUrl="https://a.example/"/><outline text="b"`, "not well-formed XML"},
		{"unclosed element", `<opml version="2.0"><body><outline text="a" xmlUrl="https://a.example/">`, "not well-formed XML"},
		{"mismatched tags", `<opml version="2.0"><body></head></opml>`, "not well-formed XML"},
		{"no body", `<opml version="2.0"><head><title>t</title></head></opml>`, "has no <body>"},
		{"unknown encoding", `<?xml version="1.0" encoding="x-no-such-charset"?><opml><body/></opml>`, `unsupported encoding "x-no-such-charset" declared`},
		{"binary", "\x00\x01\x02\xff\xfe", "XML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tt.doc))
			if err == nil {
				t.Fatalf("Parse = %v, want an error containing %q", got, tt.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "opml: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q, want prefix %q and %q", msg, "opml: ", tt.want)
			}
			if code := vigil.ErrorCode(err); code != vigil.EINVALID {
				t.Errorf("error code %q, want %q", code, vigil.EINVALID)
			}
		})
	}
}

func TestParseSizeLimit(t *testing.T) {
	const head = `<opml version="2.0"><body><outline text="a" xmlUrl="https://a.example/"/></body></opml>`
	atLimit := head + strings.Repeat(" ", MaxDocumentSize-len(head))
	got, err := Parse(strings.NewReader(atLimit))
	if err != nil || len(got) != 1 {
		t.Fatalf("Parse of a document of exactly MaxDocumentSize = %v, %v; want one feed", got, err)
	}
	_, err = Parse(strings.NewReader(atLimit + " "))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Parse of a document over MaxDocumentSize: error %v, want ErrTooLarge", err)
	}
	if code := vigil.ErrorCode(err); code != vigil.EINVALID {
		t.Errorf("error code %q, want %q", code, vigil.EINVALID)
	}
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (r failingReader) Read(p []byte) (int, error) { return 0, r.err }

func TestParseReadError(t *testing.T) {
	cause := errors.New("connection reset")
	r := io.MultiReader(strings.NewReader("<opml>"), failingReader{cause})
	_, err := Parse(r)
	if !errors.Is(err, cause) {
		t.Fatalf("Parse error %v, want it to wrap %v", err, cause)
	}
	if code := vigil.ErrorCode(err); code == vigil.EINVALID {
		t.Errorf("a read failure has code %q; the document was not at fault", code)
	}
}

func BenchmarkParse(b *testing.B) {
	outlines := sampleOutlines(1000, 20)
	var buf bytes.Buffer
	if err := Write(&buf, "bench", outlines, sampleTime); err != nil {
		b.Fatal(err)
	}
	doc := buf.Bytes()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(doc)); err != nil {
			b.Fatal(err)
		}
	}
}
