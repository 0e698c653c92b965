package text_test

import (
	"testing"

	"vigil/text"
)

// feedItems are realistic feed items: a title of about ten words and an
// HTML summary of about sixty words with a few tags.
var feedItems = []struct{ title, summary string }{
	{
		"City council approves new budget for public transport expansion next year",
		`<p>The <b>city council</b> voted on Tuesday to approve a budget that expands
		bus and tram services across the northern districts. Officials said the
		plan adds <a href="https://example.org/routes">twelve new routes</a> and
		longer evening hours.</p><p>Critics argued that fares will rise by 5% in
		2026, while supporters pointed to reduced traffic and cleaner air in the
		city centre.</p>`,
	},
	{
		"Researchers report faster battery charging with a novel silicon anode",
		`<div><p>A team of engineers has built a lithium battery that charges to
		eighty percent in under ten minutes, according to a paper published this
		week.</p><ul><li>Silicon anodes store more energy</li><li>A new coating
		stops them from cracking</li></ul><p>The researchers expect commercial
		cells within three years, although <em>manufacturing costs</em> remain
		high.</p></div>`,
	},
	{
		"Go 1.26 released with improved garbage collector and faster builds",
		`<p>The Go team announced version 1.26 today.&nbsp;Highlights include a
		garbage collector that cuts pause times, faster compilation of large
		modules, and new functions in the <code>slices</code> and
		<code>maps</code> packages.</p><p>Developers can download the release
		from the official website; the <a href="/doc/go1.26">release notes</a>
		describe every change in detail, including a few small incompatibilities.</p>`,
	},
	{
		"Local bakery wins national award for its traditional sourdough bread",
		`<p>After thirty years of baking before dawn, the owners of a small bakery
		on Market Street received the national prize for <i>traditional bread</i>
		on Sunday.</p><p>Judges praised the crust, the flavour and the long
		fermentation. The family plans to keep prices unchanged and to open a
		second shop near the station next spring.</p><img src="bread.jpg" alt="bread">`,
	},
	{
		"Storm warning issued as heavy rain and strong winds approach coast",
		`<p><strong>Forecasters</strong> issued an amber warning for the coastal
		regions on Friday, expecting up to 80&nbsp;mm of rain and gusts of
		110&nbsp;km/h.</p><p>Residents were asked to secure loose objects, avoid
		travel during the night and follow updates from emergency services.
		Several ferry crossings have already been cancelled, and schools may close
		on Monday.</p>`,
	},
	{
		"Football club signs young striker on a five year contract",
		`<p>The club confirmed the signing of a nineteen year old striker who
		scored <b>twenty goals</b> last season in the second division.</p>
		<blockquote>We believe he can become one of the best players in the
		country,</blockquote><p>said the manager at a press conference. The
		transfer fee was not disclosed, but reports suggest it exceeds previous
		records for the club.</p>`,
	},
}

// benchmarkDocument analyses the feed items with an Analyzer configured by
// c and reports items per second.
func benchmarkDocument(b *testing.B, c text.Config) {
	a := mustAnalyzer(b, c)
	var terms []string
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		item := feedItems[i%len(feedItems)]
		terms = a.Document(terms[:0], item.title, item.summary)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkDocument measures the steady state of a long-lived Analyzer,
// whose cache holds the words of the items.
func BenchmarkDocument(b *testing.B) {
	benchmarkDocument(b, text.Config{})
}

// BenchmarkDocumentUncached measures the worst case, every word stemmed
// again (a cache of one entry).
func BenchmarkDocumentUncached(b *testing.B) {
	benchmarkDocument(b, text.Config{CacheSize: 1})
}

// BenchmarkDocumentNoAffinities measures stems alone.
func BenchmarkDocumentNoAffinities(b *testing.B) {
	benchmarkDocument(b, text.Config{NoAffinities: true})
}

func BenchmarkPlainText(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		text.PlainText(feedItems[i%len(feedItems)].summary)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "items/s")
}
