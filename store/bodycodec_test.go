package store

import (
	"bytes"
	"strings"
	"testing"

	"vigil"
)

func TestDeflateRoundTrip(t *testing.T) {
	for _, in := range [][]byte{{}, []byte("<p>hello</p>"), bytes.Repeat([]byte("<li>x</li>"), 1000)} {
		packed, err := Deflate(in)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Inflate(packed)
		if err != nil || !bytes.Equal(out, in) {
			t.Errorf("Inflate(Deflate(%.20q)) = %.20q, %v", in, out, err)
		}
	}
	if out, err := Inflate(nil); out != nil || err != nil {
		t.Errorf("Inflate(nil) = %q, %v; want nil", out, err)
	}
}

func TestBodyRoundTrip(t *testing.T) {
	long := strings.Repeat("<p>a paragraph</p>", 100)
	for _, it := range []vigil.Item{{}, {Summary: "short", Content: long}, {Summary: long[:50], Content: long}} {
		summary, content, err := EncodeBody(&it)
		if err != nil {
			t.Fatal(err)
		}
		var back vigil.Item
		if err := DecodeBody(&back, summary, content); err != nil || back.Summary != it.Summary || back.Content != it.Content {
			t.Errorf("body %.20q / %.20q read back as %.20q / %.20q, %v", it.Summary, it.Content, back.Summary, back.Content, err)
		}
	}
}
