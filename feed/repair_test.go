package feed

import (
	"strings"
	"testing"
)

func TestRepair(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"bare ampersand", `<a>Q&A</a>`, `<a>Q&amp;A</a>`},
		{"ampersand in query", `<link>http://x/?a=1&b=2</link>`, `<link>http://x/?a=1&amp;b=2</link>`},
		{"predefined kept", `<a>&lt;b&gt; &amp; &quot;&apos;</a>`, `<a>&lt;b&gt; &amp; &quot;&apos;</a>`},
		{"html entities", `<a>caf&eacute;&nbsp;&hellip;</a>`, "<a>café\u00a0…</a>"},
		{"html entity for markup escaped", `<a>&LT;b&GT;</a>`, `<a>&lt;b&gt;</a>`},
		{"unknown entity escaped", `<a>&bogus;</a>`, `<a>&amp;bogus;</a>`},
		{"numeric references become characters", `<a>&#65;&#x42;&#X43;</a>`, `<a>ABC</a>`},
		{"reference to forbidden character dropped", `<a>x&#1;y&#xFFFE;z</a>`, `<a>xyz</a>`},
		{"reference to markup escaped", `<a>&#60;</a>`, `<a>&lt;</a>`},
		{"control characters dropped", "<a>x\x00y\x07z\x1f\tw</a>", "<a>xyz\tw</a>"},
		{"invalid utf-8 replaced", "<a>x\xffy</a>", "<a>x\uFFFDy</a>"},
		{"cdata untouched", `<a><![CDATA[a & b &nbsp;]]></a>`, `<a><![CDATA[a & b &nbsp;]]></a>`},
		{"comment untouched", `<!-- a & b --><a/>`, `<!-- a & b --><a/>`},
		{"declared entity", `<!DOCTYPE rss [<!ENTITY me "Mark &amp; co">]><a>&me;</a>`, `<!DOCTYPE rss [<!ENTITY me "Mark &amp; co">]><a>Mark &amp; co</a>`},
		{"truncated end tag closed", "<rss><channel/></rss\n", "<rss><channel/></rss>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(repair([]byte(tt.in))); got != tt.want {
				t.Errorf("repair(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseRecovery(t *testing.T) {
	tests := []struct {
		name          string
		body          string
		wantRecovered bool
		wantTitle     string
		wantLink      string
	}{
		{"well-formed", `<rss version="2.0"><channel><title>A &amp; B</title><item><link>http://x/?a=1&amp;b=2</link></item></channel></rss>`, false, "A & B", "http://x/?a=1&b=2"},
		{"bare ampersands", `<rss version="2.0"><channel><title>A & B</title><item><link>http://x/?a=1&b=2</link></item></channel></rss>`, true, "A & B", "http://x/?a=1&b=2"},
		{"html entity", `<rss version="2.0"><channel><title>Caf&eacute;&nbsp;Noir</title><item><link>http://x/</link></item></channel></rss>`, true, "Café\u00a0Noir", "http://x/"},
		{"control character", "<rss version=\"2.0\"><channel><title>bell\x07</title><item><link>http://x/</link></item></channel></rss>", true, "bell", "http://x/"},
		{"truncated end", `<rss version="2.0"><channel><title>t</title><item><link>http://x/</link></item></channel></rss`, true, "t", "http://x/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.body, Options{})
			if f.Recovered != tt.wantRecovered {
				t.Errorf("Recovered = %v, want %v", f.Recovered, tt.wantRecovered)
			}
			if f.Title != tt.wantTitle {
				t.Errorf("Title = %q, want %q", f.Title, tt.wantTitle)
			}
			if len(f.Items) != 1 || f.Items[0].URL != tt.wantLink {
				t.Errorf("items = %+v, want one with link %q", f.Items, tt.wantLink)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"empty", "", "feed: empty body"},
		{"white space", " \n\t ", "feed: empty body"},
		{"utf-16 white space", "\xff\xfe \x00\n\x00", "feed: empty body"},
		{"html page", "<!DOCTYPE html>\n<html><head><title>Home</title></head><body><p>Hi<br></body></html>", "feed: not a feed: the document is an HTML page"},
		{"html without doctype", "<html><body>x</body></html>", "feed: not a feed: the document is an HTML page"},
		{"other xml", `<?xml version="1.0"?><note><to>x</to></note>`, "feed: not a feed: root element <note>"},
		{"plain text", "just some text", "feed: not a feed: no XML element or JSON object found"},
		{"json not a feed", `{"name": "x"}`, "feed: not a feed: JSON object without"},
		{"broken json", "{\n\"version\": \"https://jsonfeed.org/version/1\",\n", "feed: malformed JSON: line 3"},
		{"unrepairable xml", "<rss version=\"2.0\">\n<channel>\n<title>t</title>\n<item><title>x</title>", "feed: malformed XML at line 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.body), Options{})
			if err == nil {
				t.Fatalf("Parse succeeded with %+v, want error %q", f, tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error = %q, want prefix %q", err, tt.want)
			}
		})
	}
}
