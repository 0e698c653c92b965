package change

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// tagAttrs returns the name and attributes of every tag of page as read by
// readTagName and readAttrs ("name k=v|..." a start tag, "/name" an end
// tag), and the same read by the tokenizer's TagName and TagAttr alone.
func tagAttrs(t *testing.T, page string) (fast, slow []string) {
	t.Helper()
	read := func(raw bool) []string {
		s := streamer{z: html.NewTokenizer(strings.NewReader(page))}
		var out []string
		for {
			tt := s.z.Next()
			if tt == html.ErrorToken {
				return out
			}
			if tt == html.EndTagToken {
				var name string
				if raw {
					name, _, _ = s.readTagName(true)
				} else {
					b, _ := s.z.TagName()
					name = string(b)
				}
				out = append(out, "/"+name)
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			if raw {
				name, more, named := s.readTagName(false)
				s.readAttrs(more, named)
				out = append(out, attrLine(name, s.attrs))
			} else {
				name, more := s.z.TagName()
				s.attrs = s.attrs[:0]
				for more {
					var k, v []byte
					k, v, more = s.z.TagAttr()
					s.attrs = append(s.attrs, html.Attribute{Key: string(k), Val: string(v)})
				}
				out = append(out, attrLine(string(name), s.attrs))
			}
		}
	}
	return read(true), read(false)
}

// attrLine writes a tag's name and attributes on one line.
func attrLine(name string, attrs []html.Attribute) string {
	line := name
	for _, a := range attrs {
		line += " " + a.Key + "=" + a.Val + "|"
	}
	return line
}

// TestReadRawAttrsEqualsTagAttr checks that the raw attribute scan returns
// what the tokenizer's TagAttr returns, tag for tag, on awkward markup and
// on the benchmark pages.
func TestReadRawAttrsEqualsTagAttr(t *testing.T) {
	tests := []struct{ name, page string }{
		{"quoted", `<div class="a b" id='x' data-X="1">t</div>`},
		{"unquoted", `<a href=/p/1 title=x>t</a><a href=/p/2>u</a>`},
		{"bare", `<input disabled checked><input DISABLED=>`},
		{"repeated", `<p ID=a id=b Class=c class=d>`},
		{"equals first", `<p =x y=z =>`},
		{"spaces", "<p  a = \"1\"\tb\n=\f'2' c >"},
		{"solidus", `<br/><br a=/><img src=x/ alt=""/><p a/b c=d / e>`},
		{"quote inside", `<p a="x>y" b='"' c=d"e>`},
		{"references", `<a href="/?a=1&amp;b=2" title=&lt;x&gt;>t</a>`},
		{"nul and cr", "<p a=\"x\x00y\" b=\"1\r\n2\">"},
		{"upper", `<DIV CLASS="Big" Data-Id=7></DIV ><My-Tag X=1></MY-tag>`},
		{"nul name", "<p\x00q a=1></p\x00q>"},
		{"raw text", `<script>if (a</b) {}</script ><style a=1>p{}</STYLE><textarea>x</textarea>`},
		{"no attributes", `<p><b>t</b></p>`},
		{"unterminated", `<p a="x`},
		{"listing", string(syntheticPage(20<<10, 3, 1))},
		{"prose", string(proseListing(20<<10, 3, 1))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fast, slow := tagAttrs(t, tt.page)
			if len(fast) != len(slow) {
				t.Fatalf("%d tags read, tokenizer %d", len(fast), len(slow))
			}
			for i := range fast {
				if fast[i] != slow[i] {
					t.Errorf("tag %d: %q, tokenizer %q", i, fast[i], slow[i])
				}
			}
		})
	}
}

// FuzzReadRawAttrs checks on arbitrary markup that tag names and
// attributes read from raw bytes equal the tokenizer's.
func FuzzReadRawAttrs(f *testing.F) {
	for _, s := range []string{`<p a="1" b=2 c>`, `<a =x/ y='>'>`, "<DIV\tX=1\n/>", `</P a=1>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		fast, slow := tagAttrs(t, page)
		if strings.Join(fast, "\n") != strings.Join(slow, "\n") {
			t.Errorf("read %q, tokenizer %q", fast, slow)
		}
	})
}
