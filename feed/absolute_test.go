package feed

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestAbsoluteURLs(t *testing.T) {
	const base = "https://e.org/blog/post/1"
	tests := []struct{ name, in, want string }{
		{"img src", `<p><img src="x.png" alt="x"></p>`, `<p><img src="https://e.org/blog/post/x.png" alt="x"></p>`},
		{"root-relative href", `<a href="/post">p</a>`, `<a href="https://e.org/post">p</a>`},
		{"parent path", `<a href="../2">p</a>`, `<a href="https://e.org/blog/2">p</a>`},
		{"scheme-relative", `<img src="//cdn.e.org/i.png">`, `<img src="https://cdn.e.org/i.png">`},
		{"single quotes and unquoted", `<a href='a?x=1&amp;y=2' title='t'>a</a><img src=b.png>`,
			`<a href="https://e.org/blog/post/a?x=1&amp;y=2" title='t'>a</a><img src="https://e.org/blog/post/b.png">`},
		{"upper case and spaces", `<A HREF = " /p " Class=x>a</A>`, `<A HREF = "https://e.org/p" Class=x>a</A>`},
		{"self-closing", `<img src="i.png"/>`, `<img src="https://e.org/blog/post/i.png"/>`},
		{"poster and video src", `<video poster="p.jpg" src="v.mp4"></video>`, `<video poster="https://e.org/blog/post/p.jpg" src="https://e.org/blog/post/v.mp4"></video>`},
		{"srcset", `<img srcset="a.png 1x, /b.png 2x,https://x.org/c.png 3x">`, `<img srcset="https://e.org/blog/post/a.png 1x, https://e.org/b.png 2x,https://x.org/c.png 3x">`},
		{"srcset without descriptors", `<img srcset="a.png, b.png,">`, `<img srcset="https://e.org/blog/post/a.png, https://e.org/blog/post/b.png,">`},
		{"srcset URL with a comma", `<img srcset="a,b.png 1x">`, `<img srcset="https://e.org/blog/post/a,b.png 1x">`},
		{"srcset descriptor with parentheses", `<img srcset="a.png (x, y), b.png">`, `<img srcset="https://e.org/blog/post/a.png (x, y), https://e.org/blog/post/b.png">`},
		{"absolute kept", `<a href="http://x.org/a">a</a>`, `<a href="http://x.org/a">a</a>`},
		{"data kept", `<img src="data:image/png;base64,AAAA">`, `<img src="data:image/png;base64,AAAA">`},
		{"mailto kept", `<a href="mailto:a@e.org">m</a>`, `<a href="mailto:a@e.org">m</a>`},
		{"fragment kept", `<a href="#note-1">1</a>`, `<a href="#note-1">1</a>`},
		{"empty kept", `<a href="">e</a>`, `<a href="">e</a>`},
		{"first of duplicates", `<a href="a" href="b">x</a>`, `<a href="https://e.org/blog/post/a" href="b">x</a>`},
		{"other attributes untouched", `<a data-href="x" title="src=y">z</a>`, `<a data-href="x" title="src=y">z</a>`},
		{"text mentioning src= untouched", `<p>set src=x.png in <code>&lt;img&gt;</code></p>`, `<p>set src=x.png in <code>&lt;img&gt;</code></p>`},
		{"comment untouched", `<!-- <a href="x"> --><a href="y">y</a>`, `<!-- <a href="x"> --><a href="https://e.org/blog/post/y">y</a>`},
		{"script untouched", `<script>var s = '<img src="x">';</script>`, `<script>var s = '<img src="x">';</script>`},
		{"no markup", `plain text`, `plain text`},
		{"unterminated tag", `<a href="x">ok</a><img src="y`, `<a href="https://e.org/blog/post/x">ok</a><img src="y`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := absoluteURLs(tt.in, base); got != tt.want {
				t.Errorf("absoluteURLs(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestAbsoluteURLsBadBase(t *testing.T) {
	const doc = `<a href="/p">p</a>`
	for _, base := range []string{"", "/relative", "file:///etc/", "mailto:a@e.org", "http://"} {
		if got := absoluteURLs(doc, base); got != doc {
			t.Errorf("base %q: got %q, want the document unchanged", base, got)
		}
	}
}

func TestMayHaveRelativeURL(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`<a href="x">`, true}, {`<img SRC = x>`, true}, {`<img srcset="https://a 1x">`, true},
		{`<video poster=' p'>`, true}, {`<p class="a">x = y</p>`, false}, {`no equals`, false},
		{`<a xhref="x">`, false}, {`<a data-src="x">`, true}, {`<a href="https://e.org/">`, false},
		{`<a href = ' mailto:a@e.org'>`, false}, {`<a href="#n">`, false}, {`<a href="">`, false},
		{`<a href="h&#116;tp://e.org/">`, true}, {`<a href="1http:x">`, true}, {`<a href=`, false},
		{`<a href="https://e.org/"><img src="i.png">`, true},
	}
	for _, tt := range tests {
		if got := mayHaveRelativeURL(tt.in); got != tt.want {
			t.Errorf("mayHaveRelativeURL(%q) = %v, want %v", tt.in, got, tt.want)
		}
		if got := mayHaveRelativeURL([]byte(tt.in)); got != tt.want {
			t.Errorf("mayHaveRelativeURL([]byte(%q)) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestScanAttrsAgreesWithTokenizer checks that scanAttrs finds the same
// attributes, with the same values, as golang.org/x/net/html.
func TestScanAttrsAgreesWithTokenizer(t *testing.T) {
	tags := []string{
		`<a href="x" title='y' rel=z>`, `<a href = "x"  / title=y/>`, `<img src=a/b.png>`,
		`<a =x href=y>`, `<a href>`, `<a href=>`, `<a b c=d e = "f g">`, `<x a="1"b='2'>`,
		`<a href="x&amp;y" HREF="z">`, `<div/class="a"/id=b>`, "<a\nhref\n=\n'x'\t>",
	}
	for _, tag := range tags {
		z := html.NewTokenizer(strings.NewReader(tag))
		z.Next()
		want := map[string]string{}
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			if len(k) > 0 {
				want[string(k)] = string(v)
			}
		}
		got := map[string]string{}
		for _, sp := range scanAttrs(tag, nil) {
			name := strings.ToLower(tag[sp.nameStart:sp.nameEnd])
			if _, seen := got[name]; seen {
				continue
			}
			got[name] = ""
			if sp.valueStart >= 0 {
				got[name] = html.UnescapeString(strings.Trim(tag[sp.valueStart:sp.valueEnd], `"'`))
			}
		}
		if len(got) != len(want) {
			t.Errorf("%q: scanAttrs found %v, tokenizer %v", tag, got, want)
			continue
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%q: attribute %s = %q, tokenizer says %q", tag, k, got[k], v)
			}
		}
	}
}

func TestParseResolvesContentURLs(t *testing.T) {
	body := `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title>LINK
		<item><link>https://e.org/posts/1</link><description>&lt;img src="a.png"&gt;</description><content:encoded><![CDATA[<a href="/b">b</a>]]></content:encoded></item>
		<item><guid>https://e.org/posts/2</guid><description>&lt;img src="a.png"&gt;</description></item>
		<item><guid isPermaLink="false">x</guid><description>&lt;img src="a.png"&gt;</description></item>
		</channel></rss>`
	tests := []struct {
		name, link string
		want       []string // summaries of the three items
	}{
		{"feed link", "<link>https://site.org/blog/</link>", []string{
			`<img src="https://e.org/posts/a.png">`, `<img src="https://e.org/posts/a.png">`, `<img src="https://site.org/blog/a.png">`}},
		{"fetch URL", "", []string{
			`<img src="https://e.org/posts/a.png">`, `<img src="https://e.org/posts/a.png">`, `<img src="https://feeds.org/f/a.png">`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, strings.Replace(body, "LINK", tt.link, 1), Options{BaseURL: "https://feeds.org/f/rss"})
			for i, want := range tt.want {
				if got := f.Items[i].Summary; got != want {
					t.Errorf("item %d summary %q, want %q", i, got, want)
				}
				if f.Items[i].Hash != itemHash(&f.Items[i]) {
					t.Errorf("item %d hash does not digest the resolved item", i)
				}
			}
			if got := f.Items[0].Content; got != `<a href="https://e.org/b">b</a>` {
				t.Errorf("content %q", got)
			}
		})
	}
}

// TestParseKeyIndependentOfBase checks that the key of an item without id
// or link, a digest of its content, does not change with the URL its
// relative links are resolved against.
func TestParseKeyIndependentOfBase(t *testing.T) {
	body := `<rss version="2.0"><channel><title>T</title><item><title>&lt;b&gt;x&lt;/b&gt;</title><description>&lt;a href="p"&gt;p&lt;/a&gt;</description></item></channel></rss>`
	a := mustParse(t, body, Options{BaseURL: "https://one.org/feed"})
	b := mustParse(t, body, Options{BaseURL: "https://two.org/feed"})
	if a.Items[0].Key != b.Items[0].Key {
		t.Errorf("keys differ with the base: %q and %q", a.Items[0].Key, b.Items[0].Key)
	}
	if want := "sha256:" + hexSHA256("<b>x</b>\x00"+`<a href="p">p</a>`); a.Items[0].Key != want {
		t.Errorf("key %q, want %q (digest of the title and summary as published)", a.Items[0].Key, want)
	}
	if a.Items[0].Summary == b.Items[0].Summary {
		t.Errorf("summary %q not resolved against the base", a.Items[0].Summary)
	}
}

func TestParseContentURLsCorpus(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "feedparser", "tests")
	const docURI = feedparserServer + "tests/wellformed/base/"
	tests := []struct {
		file, base string
		summary    bool // check the summary, else the content
		want       string
	}{
		{"http_item_description_base_docuri.xml", docURI, true, `<a href="http://127.0.0.1:8097/relative/uri">click here</a>`},
		{"http_item_description_spaces.xml", docURI, true, `<a href="http://127.0.0.1:8097/relative/uri">click here</a>`},
		{"http_item_content_encoded_base_docuri.xml", docURI, false, `<a href="http://127.0.0.1:8097/relative/uri">click here</a>`},
		{"http_entry_content_base_content_location.xml", "http://example.com/", false, `<div><a href="http://example.com/relative/uri">click here</a></div>`},
		{"http_entry_summary_base_docuri.xml", docURI, true, `<div><a href="http://127.0.0.1:8097/relative/uri">click here</a></div>`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(dir, "wellformed", "base", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			f := mustParse(t, string(body), Options{BaseURL: tt.base + tt.file})
			got := f.Items[0].Content
			if tt.summary {
				got = f.Items[0].Summary
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAbsoluteURLsKeepsTheRest runs the HTML of every item of the
// feedparser corpus through absoluteURLs and checks that nothing but URL
// attribute values changed: the same tokens, byte for byte except in
// start tags, and the same tags with only URL attributes differing. A
// second pass must change nothing.
func TestAbsoluteURLsKeepsTheRest(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "feedparser", "tests")
	base, _ := url.Parse("https://e.org/a/b")
	docs, rewritten := 0, 0
	for _, rel := range listFiles(t, dir, "wellformed") {
		body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(body, Options{})
		if err != nil {
			continue
		}
		for _, it := range f.Items {
			for _, doc := range []string{it.Summary, it.Content} {
				if doc == "" {
					continue
				}
				docs++
				out := absoluteURLs(doc, base.String())
				if out != doc {
					rewritten++
				}
				compareTokens(t, rel, doc, out)
				if again := absoluteURLs(out, base.String()); again != out {
					t.Errorf("%s: second pass changed %q to %q", rel, out, again)
				}
			}
		}
	}
	t.Logf("%d documents, %d rewritten", docs, rewritten)
	if rewritten == 0 {
		t.Error("no document had a relative URL to rewrite")
	}
}

// compareTokens fails the test when out differs from doc other than in
// the values of URL attributes.
func compareTokens(t *testing.T, rel, doc, out string) {
	t.Helper()
	a := html.NewTokenizer(strings.NewReader(doc))
	b := html.NewTokenizer(strings.NewReader(out))
	for {
		ta, tb := a.Next(), b.Next()
		if ta != tb {
			t.Errorf("%s: token %v became %v in %q", rel, ta, tb, out)
			return
		}
		if ta == html.ErrorToken {
			return
		}
		if ta != html.StartTagToken && ta != html.SelfClosingTagToken {
			if string(a.Raw()) != string(b.Raw()) {
				t.Errorf("%s: %q became %q", rel, a.Raw(), b.Raw())
			}
			continue
		}
		ka, kb := a.Token(), b.Token()
		if ka.Data != kb.Data || len(ka.Attr) != len(kb.Attr) {
			t.Errorf("%s: tag %v became %v", rel, ka, kb)
			continue
		}
		for i := range ka.Attr {
			if ka.Attr[i].Key != kb.Attr[i].Key || (urlAttrName(ka.Attr[i].Key, 0, len(ka.Attr[i].Key)) == "" && ka.Attr[i].Val != kb.Attr[i].Val) {
				t.Errorf("%s: attribute %v became %v", rel, ka.Attr[i], kb.Attr[i])
			}
		}
	}
}
