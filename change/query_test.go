package change

import (
	"errors"
	"strings"
	"testing"
)

const shopPage = `<html><head><title>Shop</title></head><body>
<nav><a href="/">Home</a></nav>
<div class="item"><h2>Kettle</h2><span class="price">19.99</span><a href="/kettle" data-sku="K1">Buy</a></div>
<div class="item"><h2>Toaster</h2><span class="price">24.50</span></div>
<footer>Visitors: 1234</footer></body></html>`

func TestExtractXPath(t *testing.T) {
	tests := []struct {
		name, xpath, selector, want string
	}{
		{"elements", `//span[@class="price"]`, "", "19.99\n24.50"},
		{"attribute", `//a/@data-sku`, "", "K1"},
		{"number value", `count(//div[@class="item"])`, "", "2"},
		{"string value", `string(//h2)`, "", "Kettle"},
		{"text nodes", `//h2/text()`, "", "Kettle\nToaster"},
		{"with a selector", `//footer`, "h2", "Kettle\nToaster\nVisitors: 1234"},
		{"nested matches once", `//div[@class="item"] | //h2`, "", "Kettle\n19.99\nBuy\nToaster\n24.50"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, shopPage, "text/html", ExtractOptions{XPath: tt.xpath, Selector: tt.selector})
			if got := strings.TrimSuffix(d.Text, "\n"); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
			if d.Watch.XPath != tt.xpath || d.Watch.Key() == "" {
				t.Errorf("watch = %+v (key %q), want the XPath in it", d.Watch, d.Watch.Key())
			}
		})
	}
}

func TestExtractJQ(t *testing.T) {
	tests := []struct {
		name, body, ct, jq, want string
	}{
		{"number", `{"price": 19.99, "stock": 3}`, "application/json", ".price", "19.99"},
		{"string as it is", `{"name": "Kettle \"K1\""}`, "application/json", ".name", `Kettle "K1"`},
		{"several results", `{"items": [{"p": 1}, {"p": 2}]}`, "application/json", ".items[].p", "1\n2"},
		{"object compact", `{"a": {"y": 2, "x": 1}}`, "application/json", ".a", `{"x":1,"y":2}`},
		{"no program reads all, indented", `{"b": 1, "a": [true]}`, "application/json", "", "{\n\"a\": [\ntrue\n],\n\"b\": 1\n}"},
		{"ld+json", `{"offers": {"price": "5"}}`, "application/ld+json; charset=utf-8", ".offers.price", "5"},
		{"null result", `{"a": 1}`, "application/json", ".missing", "null"},
		{"no result", `[]`, "application/json", ".[]", ""},
		{"json served as text/plain", `{"price": 3, "at": "12:00"}`, "text/plain; charset=utf-8", ".price", "3"},
		{"json served as text/html", `[{"p": 1}]`, "text/html", ".[0].p", "1"},
		{"json served as octet-stream", `{"p": "x"}`, "application/octet-stream", ".p", "x"},
		{"json served without a type", `{"p": 2}`, "", ".p", "2"},
		{"json with a byte order mark", "\xEF\xBB\xBF{\"p\": 4}", "text/plain", ".p", "4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.body, tt.ct, ExtractOptions{JQ: tt.jq})
			if d.Type != TypeText {
				t.Errorf("type = %q, want %q", d.Type, TypeText)
			}
			if got := strings.TrimSuffix(d.Text, "\n"); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestJQWatchesOnlyTheResult: a change of another field of the document
// is no change of what a program watches; a change of its result is.
func TestJQWatchesOnlyTheResult(t *testing.T) {
	v1 := `{"price": 19.99, "visits": 10}`
	tests := []struct {
		name, v2 string
		want     bool
	}{
		{"another field", `{"price": 19.99, "visits": 11}`, false},
		{"the price", `{"price": 17.99, "visits": 10}`, true},
		{"key order only", `{"visits": 10, "price": 19.99}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := ExtractOptions{JQ: ".price"}
			a := mustExtract(t, v1, "application/json", opts)
			b := mustExtract(t, tt.v2, "application/json", opts)
			if got := Compare(a, b).Any; got != tt.want {
				t.Errorf("changed = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestExtractQueryErrors(t *testing.T) {
	tests := []struct {
		name, body, ct string
		opts           ExtractOptions
		want           string
		noMatch        bool
		misfit         bool // the query cannot read this kind of document
	}{
		{"bad xpath", shopPage, "text/html", ExtractOptions{XPath: "//div["}, `invalid XPath "//div["`, false, false},
		{"xpath selects nothing", shopPage, "text/html", ExtractOptions{XPath: "//table"}, `(XPath "//table")`, true, false},
		{"bad jq", `{}`, "application/json", ExtractOptions{JQ: ".a |"}, `invalid jq program ".a |"`, false, false},
		{"jq on html", shopPage, "text/html", ExtractOptions{JQ: ".price"}, `the jq program ".price" reads JSON, and this document (served as text/html) is not JSON: invalid character '<'`, false, true},
		{"jq on plain text", "price: 3\n", "text/plain", ExtractOptions{JQ: ".price"}, `(served as text/plain) is not JSON`, false, true},
		{"jq on a pdf", "%PDF-1.4", "application/pdf", ExtractOptions{JQ: ".price"}, `(served as application/pdf) is not JSON`, false, true},
		{"selector on json", `{"a": 1}`, "application/json", ExtractOptions{Selector: "p"}, `the selector "p" reads HTML, and this document (served as application/json) is JSON`, false, true},
		{"xpath on json served as text", `{"a": 1}`, "text/plain", ExtractOptions{XPath: "//p"}, `the XPath "//p" reads HTML, and this document (served as text/plain) is JSON`, false, true},
		{"selector beside jq on json", `{"a": 1}`, "application/json", ExtractOptions{Selector: "p", JQ: ".a"}, `the selector "p" reads HTML`, false, true},
		{"not json", `{"a": `, "application/json", ExtractOptions{JQ: ".a"}, "the document is not JSON", false, false},
		{"jq runtime error", `{"a": "x"}`, "application/json", ExtractOptions{JQ: ".a + 1"}, "the jq program failed", false, false},
		{"jq endless", `{}`, "application/json", ExtractOptions{JQ: "repeat(1)"}, "more than 10000 results", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Extract([]byte(tt.body), tt.ct, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want one containing %q", err, tt.want)
			}
			if errors.Is(err, ErrNoMatch) != tt.noMatch {
				t.Errorf("errors.Is(err, ErrNoMatch) = %v, want %v", !tt.noMatch, tt.noMatch)
			}
			if errors.Is(err, ErrQueryMisfit) != tt.misfit {
				t.Errorf("errors.Is(err, ErrQueryMisfit) = %v, want %v", !tt.misfit, tt.misfit)
			}
		})
	}
}

func TestWatchKeyKeepsOlderKeys(t *testing.T) {
	// A key made before XPath and jq existed must not change, or every
	// stored extract with a selector would be read again.
	old := Watch{Selector: "#main", Ignore: []string{"x"}}
	if got, want := old.Key(), "78256dfd0f70900a32ba47835dd7513b"; got != want { // as before XPath and jq
		t.Errorf("key = %q, want %q", got, want)
	}
	withXPath := Watch{Selector: "#main", Ignore: []string{"x"}, XPath: "//p"}
	if old.Key() == withXPath.Key() {
		t.Fatalf("an XPath leaves the key unchanged")
	}
	if (Watch{JQ: ".a"}).Key() == (Watch{XPath: ".a"}).Key() {
		t.Fatalf("a jq program and an XPath of the same text share a key")
	}
}

// TestCompareLeavesScriptsOut: a change inside a script alone, or of a
// tag's attributes, differs in bytes (Any) but is no change of what a
// reader sees (Visible); a change of the text is both.
func TestCompareLeavesScriptsOut(t *testing.T) {
	page := func(script, text, class string) string {
		return `<html><head><title>T</title></head><body><p class="` + class + `">` + text +
			`</p><script>var price = "` + script + `";</script></body></html>`
	}
	base := page("24.90", "Kettle", "a")
	tests := []struct {
		name, other string
		want        bool
	}{
		{"script only", page("19.90", "Kettle", "a"), false},
		{"text", page("24.90", "Teapot", "a"), true},
		{"attribute", page("24.90", "Kettle", "b"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustExtract(t, base, "text/html", ExtractOptions{})
			b := mustExtract(t, tt.other, "text/html", ExtractOptions{})
			e := Compare(a, b)
			if !e.Any {
				t.Errorf("Any = false: the bytes differ")
			}
			if e.Visible != tt.want {
				t.Errorf("Visible = %v, want %v", e.Visible, tt.want)
			}
		})
	}
}
