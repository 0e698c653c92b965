package opml

import (
	"bytes"
	"reflect"
	"testing"
	"time"
)

// TestExtraAttributesRoundTrip checks that vigil's namespaced attributes
// are written and read back, and that they leave the feed itself, as a
// reader ignoring them sees it, unchanged.
func TestExtraAttributesRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		extra map[string]string
	}{
		{"none", nil},
		{"page", map[string]string{"page": "true", "kinds": "text,links", "ignore": `["a\"b"]`}},
		{"colliding local name", map[string]string{"title": "not the title", "xmlUrl": "https://elsewhere.invalid/"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []Outline{{Title: "T", XMLURL: "https://example.com/p", Category: "A", Extra: tt.extra}}
			var b bytes.Buffer
			if err := Write(&b, "x", in, time.Unix(0, 0)); err != nil {
				t.Fatal(err)
			}
			out, err := Parse(&b)
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, b.String())
			}
			if !reflect.DeepEqual(out, in) {
				t.Errorf("read back %+v, want %+v", out, in)
			}
		})
	}
}

// TestExtraNeedsNamespace checks that an attribute with the vigil prefix
// bound to another namespace is not taken as vigil's.
func TestExtraNeedsNamespace(t *testing.T) {
	doc := `<opml version="2.0" xmlns:vigil="https://other.invalid/"><body><outline text="x" xmlUrl="https://example.com/f" vigil:page="true"/></body></opml>`
	out, err := Parse(bytes.NewBufferString(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Extra != nil {
		t.Errorf("got %+v, want one feed without extra attributes", out)
	}
}
