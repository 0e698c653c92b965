package monitor

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/feed"
	"vigil/plan"
	"vigil/store/sqlite"
)

// benchFeed renders a 50-item RSS feed whose newest item is number top.
func benchFeed(top int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bench</title><link>https://example.org/</link>`)
	for i := top; i > top-50; i-- {
		fmt.Fprintf(&b, `<item><guid>https://example.org/p/%d</guid><title>Posting number %d about things</title>`+
			`<link>https://example.org/p/%d</link><pubDate>%s</pubDate>`+
			`<description>&lt;p&gt;A paragraph of text for posting %d, with &lt;a href="https://example.org/x"&gt;a link&lt;/a&gt; and some more words to make it realistic in size.&lt;/p&gt;</description></item>`,
			i, i, i, t0.Add(time.Duration(i)*time.Minute).Format(time.RFC1123Z), i)
	}
	b.WriteString("</channel></rss>")
	return []byte(b.String())
}

// BenchmarkIngest50 measures the whole ingest path of one fetch of a
// 50-item feed with 5 new items: parse, deduplicate against the store,
// store items, observation and the planner's new state in one transaction.
// Run with -cpu 1 for the one-core figure.
func BenchmarkIngest50(b *testing.B) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	u := &vigil.User{Name: "bench", PasswordHash: "x", TokenHash: "x"}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, "https://example.org/feed", 1, t0)
	if err != nil {
		b.Fatal(err)
	}
	m := &Monitor{planner: &plan.EWMA{Bounds: plan.DefaultBounds}, cfg: Config{}.withDefaults()}
	bodies := make([][]byte, 64)
	for i := range bodies {
		bodies[i] = benchFeed(50 + 5*i)
	}
	f, at := sub.Feed, t0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		body := bodies[i%len(bodies)]
		if i%len(bodies) == 0 && i > 0 {
			b.StopTimer() // a new round of bodies must bring new items again
			for j := range bodies {
				bodies[j] = benchFeed(50 + 5*(i+j))
			}
			b.StartTimer()
		}
		at = at.Add(time.Hour)
		p, err := feed.Parse(body, feed.Options{ContentType: "application/rss+xml"})
		if err != nil {
			b.Fatal(err)
		}
		o := outcome{verdict: fetched, parsed: p, resp: nil}
		obs := vigil.Observation{FeedID: f.ID, At: at, Status: 200, Items: len(p.Items)}
		_, err = st.Ingest(ctx, vigil.Fetched{FeedID: f.ID, Observation: obs, Items: p.Items}, func(in vigil.Ingested, _ *vigil.Feed) (*vigil.Feed, error) {
			obs.NewItems = len(in.New)
			if err := m.planner.Observe(&f, obs, o.items()); err != nil {
				return nil, err
			}
			f.NextFetch = m.planner.Next(&f, at)
			return &f, nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "feeds/s")
}
