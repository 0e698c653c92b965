package feed

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// realisticRSS builds an RSS 2.0 feed of n items shaped like a blog's:
// guid, link, author, categories, an HTML description and full content.
func realisticRSS(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
<channel><title>Example Engineering Blog</title><link>https://blog.example.com/</link>
<description>Posts about building things</description><language>en-us</language><ttl>60</ttl>
<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>1</sy:updateFrequency>
`)
	start := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
	para := strings.Repeat("Lorem ipsum dolor sit amet, <em>consectetur</em> adipiscing elit &amp; more. ", 8)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>Post number %d: on caching &amp; queues</title>
<link>https://blog.example.com/posts/%d</link><guid isPermaLink="true">https://blog.example.com/posts/%d</guid>
<dc:creator>Author %d</dc:creator><category>go</category><category>systems</category>
<pubDate>%s</pubDate><description><![CDATA[<p>%s</p>]]></description>
<content:encoded><![CDATA[<p>%s</p><p>%s</p><pre>code &lt;here&gt;</pre>]]></content:encoded></item>
`, i, i, i, i%7, start.Add(time.Duration(i)*time.Hour).Format(time.RFC1123Z), para[:200], para, para)
	}
	b.WriteString("</channel></rss>\n")
	return []byte(b.String())
}

func BenchmarkParse50(b *testing.B) {
	body := realisticRSS(50)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := Parse(body, Options{ContentType: "application/rss+xml; charset=utf-8", BaseURL: "https://blog.example.com/feed"})
		if err != nil || len(f.Items) != 50 {
			b.Fatalf("Parse: %v", err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "feeds/s")
}

// BenchmarkParse50Links is BenchmarkParse50 with relative links and
// images in every description and content, which Parse must resolve.
func BenchmarkParse50Links(b *testing.B) {
	body := bytes.ReplaceAll(realisticRSS(50), []byte("<em>consectetur</em>"),
		[]byte(`<a href="/tags/consectetur">consectetur</a> <img src="img/x.png" alt="">`))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := Parse(body, Options{ContentType: "application/rss+xml; charset=utf-8", BaseURL: "https://blog.example.com/feed"})
		if err != nil || len(f.Items) != 50 || !strings.Contains(f.Items[0].Content, `href="https://blog.example.com/tags/consectetur"`) {
			b.Fatalf("Parse: %v", err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "feeds/s")
}
