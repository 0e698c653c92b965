package itembody

import (
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// benchSummary and benchContent are about 2 KB of item HTML whose summary
// is its first paragraph.
var benchSummary = "A paragraph of a realistic item body, with a link to more news of the city and the world"

var benchContent = "<p>" + benchSummary + "</p>" + strings.Repeat(`<p>Another paragraph of the item, with <a href="https://example.com/">a link</a> and more words.</p>`, 20)

func BenchmarkEncode(b *testing.B) {
	c, err := New(zstd.SpeedDefault)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(benchSummary) + len(benchContent)))
	for b.Loop() {
		c.Encode(benchSummary, benchContent)
	}
}

func BenchmarkDecode(b *testing.B) {
	c, err := New(zstd.SpeedDefault)
	if err != nil {
		b.Fatal(err)
	}
	s, ct := c.Encode(benchSummary, benchContent)
	b.SetBytes(int64(len(benchSummary) + len(benchContent)))
	for b.Loop() {
		if _, _, err := c.Decode(s, ct); err != nil {
			b.Fatal(err)
		}
	}
}
