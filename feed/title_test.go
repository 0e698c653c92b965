package feed

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPlainTitle(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"atom html", "Evil <i>Atom</i> feed", "Evil Atom feed"},
		{"xhtml", "XHTML <b>title</b> entry", "XHTML title entry"},
		{"entities decoded with tags", "Tom &amp; Jerry's <b>bold</b>", "Tom & Jerry's bold"},
		{"escaped brackets in markup", "<p>History of the &lt;blink&gt; tag</p>", "History of the <blink> tag"},
		{"less-than as text", "a < b", "a < b"},
		{"less-than before a word", "a <b and c", "a <b and c"},
		{"unclosed known tag is text", "if a<b>c then", "if a<b>c then"},
		{"unknown unclosed tag is text", "History of the <blink> tag", "History of the <blink> tag"},
		{"no tag keeps references", "AT&amp;T &lt; 3", "AT&amp;T &lt; 3"},
		{"line break separates words", "one<br>two", "one two"},
		{"self-closing break", "one<br/>two", "one two"},
		{"inline tags join words", "<b>bold</b>face", "boldface"},
		{"block tags separate words", "<p>one</p><p>two</p>", "one two"},
		{"script text dropped", "<script>alert(1)</script>News <i>today</i>", "News today"},
		{"white space collapsed", "  spaced \n\t out  ", "spaced out"},
		{"no-break space kept", "caf\u00e9\u00a0noir", "caf\u00e9\u00a0noir"},
		{"no-break space reference in markup", "<i>a</i>&nbsp;b", "a\u00a0b"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plainTitle(tt.in); got != tt.want {
				t.Errorf("plainTitle(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseTitlesPlain(t *testing.T) {
	f := mustParse(t, `<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Evil &lt;i&gt;Atom&lt;/i&gt; feed</title>
		<entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">XHTML <b>title</b> entry</div></title></entry>
		<entry><title type="html">Tom &amp;amp; Jerry's &lt;b>bold&lt;/b></title></entry>
		<entry><title>a &lt; b</title></entry></feed>`, Options{})
	if f.Title != "Evil Atom feed" {
		t.Errorf("feed title %q, want %q", f.Title, "Evil Atom feed")
	}
	for i, want := range []string{"XHTML title entry", "Tom & Jerry's bold", "a < b"} {
		if f.Items[i].Title != want {
			t.Errorf("item %d title %q, want %q", i, f.Items[i].Title, want)
		}
	}
	if f.Items[1].Hash != itemHash(&f.Items[1]) {
		t.Errorf("hash does not digest the plain title")
	}
}

func TestParseTitlesCorpus(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "feedparser", "tests")
	tests := []struct {
		file string
		item int // -1 for the feed's title
		want string
	}{
		{"wellformed/atom10/feed_title_escaped_markup.xml", -1, "Example Atom"},
		{"wellformed/atom10/entry_title_escaped_markup.xml", 0, "Example Atom"},
		{"wellformed/atom10/entry_title_inline_markup.xml", 0, "Example Atom"},
		{"wellformed/atom10/entry_title_base64_2.xml", 0, "History of the <blink> tag"},
		{"wellformed/atom10/entry_title_text_plain_brackets.xml", 0, "History of the <blink> tag"},
		{"wellformed/rss/channel_title_lt.xml", -1, "1 < 2"},
		{"wellformed/rss/channel_title_apos.xml", -1, "Mark's title"},
		{"entities/aacute.xml", -1, "testing \u00e1 entity"},
		{"entities/160.xml", -1, "testing \u00a0 entity"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			f := mustParse(t, string(body), Options{})
			got := f.Title
			if tt.item >= 0 {
				if len(f.Items) <= tt.item {
					t.Fatalf("%d items, want item %d", len(f.Items), tt.item)
				}
				got = f.Items[tt.item].Title
			}
			if got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}
