package change

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// scannerCases are pages that take the scanner through every state:
// tags and attributes in all their forms, comments, doctypes, bogus
// comments, raw text, RCDATA, the script escapes, NULs, carriage returns,
// character references and pages cut anywhere.
var scannerCases = []string{
	jobsPage,
	"",
	"plain text only",
	"<p>a<b>b</b>c</p>",
	"<P CLASS=X Id='y' data-Z=\"w\" class=dup>Upper</P>",
	"<a href=/x title = 'spaced' hidden>x</a><a href=a>b</a >",
	"<br/><br /><img src=x/><img src='x'/><p a=/>x</p><input value=a/ >",
	"<div =x ==y a=b/c d e='>'>t</div>",
	"<div\tclass=\"a\nb\"\fid=c\r\nx=y>t</div>",
	"a < b <3 <> <=x <1 </ 3> </> <\x00p>",
	"<!DOCTYPE html><!doctype x><!DocType><!DOCTYPE",
	"<!-- c --><!----><!--><!---><!-- a--!>b<!-- --!-->c<!-- -- ->d-->e<!--!>f-->",
	"<!x><!><![CDATA[x]]><?xml version='1.0'?>text<?x",
	"<?>a<?x>b<!>c</3>d</ x>e<!-x>f",
	"<script>if (a<b && c>d) {}</script><p>after",
	"<script><!-- document.write('<script>x</script>') --></script><p>after</p>",
	"<script><!--<script></script>--></script>t<script><!--<script>-></script>u</script>v",
	"<script><!--</script>w<script><!--<SCRIPT >x</Script/>y</script>z",
	"<script>a<!-x<!--a-<b--<c--->d</script>e<script><!--<sc>x<scriptx</script>",
	"<SCRIPT>x</scriptx></SCRIPT >y<style>p<b>{}</STYLE>z",
	"<title>T &amp; <b>x</b></title><textarea>a&lt;<p></textarea><xmp>&amp;<i></xmp>",
	"<iframe><p>x</iframe><noscript><p>n</noscript><noembed>e</noembed><noframes>f</noframes>",
	"<plaintext><p>all the rest </plaintext>",
	"<p>&amp; &lt;b&gt; &#39; &#x27; &copy &notit; &ampx &unknown; &#0; &#x110000;</p>",
	"<a href='?a=1&b=2&amp;c=3&lt=4&copy'>q</a><img src='&#x2F;x.png' alt=\"&quot;\">",
	"<p>x\r\ny\rz</p><a href='a\r\nb'>c</a><script>a\x00b</script><p>n\x00ul</p><a h\x00ref=x>n</a><b\x00r>",
	"<p>caf\xc3\xa9 \xff\xfe bad</p><h1>日本語</h1>",
	"<head><title>T</title><meta name=a content=b><link rel=x href=y><base href=/></head><body>b</body>",
	"<ul><li>a<li>b</ul><dl><dt>k<dd>v</dl><table><tr><td>1<td>2<tr><th>3</table><p>x<div>y</div>",
	"<a href=x onclick='evil()' ONLOAD=y>z</a><svg><title>s</title></svg>",
	"<div a='unclosed>t</div>",
	"<div a=\"x\" b",
	"<div a = ",
	"<script>never closed <p>",
	"<!-- never closed <p>",
	"<textarea>never closed",
	"</p></div>stray ends<p>",
}

// scannerPages returns the test pages: scannerCases, every prefix of the
// short ones, the synthetic pages, and the feed corpora's files, as bytes
// and with their entities decoded (the HTML they carry).
func scannerPages(t testing.TB) map[string][]byte {
	pages := map[string][]byte{}
	for i, c := range scannerCases {
		pages[fmt.Sprintf("case%d", i)] = []byte(c)
		if len(c) < 200 {
			for j := range len(c) {
				pages[fmt.Sprintf("case%d[:%d]", i, j)] = []byte(c[:j])
			}
		}
	}
	var many strings.Builder
	for i := range 60 {
		fmt.Fprintf(&many, " a%d=%d A%d=x", i%23, i, i%17)
	}
	pages["many attributes"] = []byte("<div" + many.String() + ">t</div><a" + many.String() + "/>")
	pages["listing"] = syntheticPage(64<<10, 7, 3)
	pages["prose"] = proseListing(64<<10, 7, 3)
	files := 0
	filepath.WalkDir(filepath.Join("..", "..", "shared", "corpora"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		files++
		pages[p] = b
		pages[p+"#unescaped"] = []byte(html.UnescapeString(string(b)))
		return nil
	})
	if files == 0 {
		t.Log("no feed corpora beside the repository: hand-made and synthetic pages only")
	}
	return pages
}

// tokenLog lists a source's tokens, one a line: type, text or tag name
// and attributes.
func tokenLog(src tokenSource) []string {
	var out []string
	for {
		tt := src.next()
		line := tt.String()
		switch tt {
		case html.ErrorToken:
			return out
		case html.TextToken:
			line += fmt.Sprintf(" %q", src.text())
		case html.EndTagToken:
			line += " " + src.tagName()
		case html.StartTagToken, html.SelfClosingTagToken:
			line += " " + src.tagName()
			for _, a := range src.attrs() {
				line += fmt.Sprintf(" %s=%q", a.Key, a.Val)
			}
		}
		out = append(out, line)
	}
}

// rawLog lists the scanner's tokens with their raw bytes, and the same of
// the Tokenizer, which partition the page the same way.
func rawLog(page []byte) (scan, tok []string) {
	z := newScanner(page)
	for tt := z.next(); tt != html.ErrorToken; tt = z.next() {
		scan = append(scan, fmt.Sprintf("%v %q", tt, z.raw()))
	}
	zt := html.NewTokenizer(strings.NewReader(string(page)))
	for tt := zt.Next(); tt != html.ErrorToken; tt = zt.Next() {
		tok = append(tok, fmt.Sprintf("%v %q", tt, zt.Raw()))
	}
	return scan, tok
}

// checkSameTokens fails unless the scanner and the Tokenizer give page the
// same tokens (types, raw bytes, texts, names, attributes).
func checkSameTokens(t *testing.T, name string, page []byte) {
	t.Helper()
	scan, tok := rawLog(page)
	if d := firstDiff(scan, tok); d != "" {
		t.Fatalf("%s: raw tokens differ: %s", name, d)
	}
	got, want := tokenLog(newScanSource(page)), tokenLog(newTokenizerSource(page))
	if d := firstDiff(got, want); d != "" {
		t.Fatalf("%s: tokens differ: %s", name, d)
	}
}

// firstDiff describes the first difference of two logs, "" if none.
func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("token %d: scanner %s, Tokenizer %s", i, got[i], want[i])
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("scanner %d tokens, Tokenizer %d", len(got), len(want))
	}
	return ""
}

// checkSameExtract fails unless Extract with the scanner and with the
// Tokenizer give page the same document: text, words, tokens, phrases,
// links, images, lines, title and head.
func checkSameExtract(t *testing.T, name string, page []byte, contentType string) {
	t.Helper()
	o := ExtractOptions{Base: "https://example.com/a/", Ignore: []string{"^ignored"}}
	x, err := o.compile()
	if err != nil {
		t.Fatal(err)
	}
	got, err := x.extract(page, contentType, o.Watch())
	if err != nil {
		t.Fatal(err)
	}
	x.source = newTokenizerSource
	want, err := x.extract(page, contentType, o.Watch())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: extracts differ:\nscanner   %+v\nTokenizer %+v", name, got, want)
	}
}

// TestScannerMatchesTokenizer runs the scanner and golang.org/x/net/html's
// Tokenizer over every test page and requires the same tokens and the
// same extract.
func TestScannerMatchesTokenizer(t *testing.T) {
	pages := scannerPages(t)
	for name, page := range pages {
		checkSameTokens(t, name, page)
		checkSameExtract(t, name, page, "text/html")
	}
	t.Logf("%d pages", len(pages))
}

// FuzzScanner requires the scanner to tokenize and extract arbitrary
// pages as the Tokenizer does.
func FuzzScanner(f *testing.F) {
	for _, c := range scannerCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		checkSameTokens(t, "fuzz", page)
		checkSameExtract(t, "fuzz", page, "text/html; charset=utf-8")
	})
}

// TestExtractKeepsNoViewOfBody checks that a document holds no view of
// the body it was read from (attribute values are read in place): the
// caller may reuse the body's bytes.
func TestExtractKeepsNoViewOfBody(t *testing.T) {
	page := []byte(`<head><title>t</title></head><a href="/a">x</a><img src="/b.png"><a href=/c>y</a>`)
	for _, base := range []string{"", "https://example.com/"} {
		d, err := Extract(page, "text/html", ExtractOptions{Base: base})
		if err != nil {
			t.Fatal(err)
		}
		want, err := Extract(bytes.Clone(page), "text/html", ExtractOptions{Base: base})
		if err != nil {
			t.Fatal(err)
		}
		scribbled := bytes.Clone(page)
		copy(page, bytes.Repeat([]byte{'z'}, len(page)))
		if !reflect.DeepEqual(d, want) {
			t.Errorf("base %q: the document changed with its body: %+v, want %+v", base, d, want)
		}
		copy(page, scribbled)
	}
}

// TestIsASCII checks the eight-byte isASCII against a byte loop.
func TestIsASCII(t *testing.T) {
	for n := range 40 {
		for i := -1; i < n; i++ {
			b := bytes.Repeat([]byte{'a'}, n)
			if i >= 0 {
				b[i] = 0x80 + byte(i)
			}
			if got, want := isASCII(b), i < 0; got != want {
				t.Errorf("isASCII(%q) = %v, want %v", b, got, want)
			}
		}
	}
}
