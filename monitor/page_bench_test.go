package monitor

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/plan"
	"vigil/store/sqlite"
)

// benchPage renders a page of about 200 KB: 400 sections of text with
// links and images, the section edit's text changed to version v.
func benchPage(edit, v int) []byte {
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><title>Catalogue</title></head><body><h1>Catalogue</h1>`)
	for i := range 400 {
		word := "stock"
		if i == edit {
			word = fmt.Sprintf("revision %d", v)
		}
		fmt.Fprintf(&b, `<div class="item"><h2>Article %d</h2><p>Article %d is a sturdy lamp made of oak and brass, sold with a linen shade; in %s since spring, `+
			`it ships within three days to every country of the union, with a two year warranty and free returns.</p>`+
			`<p><a href="/items/%d">Details</a> <a href="/items/%d/reviews">Reviews</a> <img src="/img/%d.jpg" alt="lamp %d"></p></div>`,
			i, i, word, i, i, i, i)
	}
	b.WriteString(`</body></html>`)
	return []byte(b.String())
}

// BenchmarkPageFetch measures one fetch of a 200 KB page through the
// whole page path on loopback (HTTP, hash, extract, extents against the
// previous version, compressed storage in one transaction): "changed" edits
// one section each fetch, "unchanged" serves the same bytes. It reports the
// bytes stored per fetch. Run with -cpu 1 for the one-core figure.
func BenchmarkPageFetch(b *testing.B) {
	for _, changed := range []bool{true, false} {
		name := map[bool]string{true: "changed", false: "unchanged"}[changed]
		b.Run(name, func(b *testing.B) { benchPageFetch(b, changed) })
	}
}

func benchPageFetch(b *testing.B, changed bool) {
	var version atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		v := int(version.Load())
		w.Write(benchPage(v%400, v))
	}))
	defer srv.Close()
	m, st, clk, sub := newPageBench(b, srv.URL+"/catalogue")
	ctx := context.Background()
	p, _ := st.Page(ctx, sub.Feed.ID)
	if _, err := m.FetchPage(ctx, sub.Feed, p); err != nil {
		b.Fatal(err)
	}
	before, _ := st.Page(ctx, sub.Feed.ID)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if changed {
			version.Add(1)
		}
		clk.Advance(time.Hour)
		f, _ := st.Feed(ctx, sub.Feed.ID)
		if _, err := m.FetchPage(ctx, *f, p); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	after, _ := st.Page(ctx, sub.Feed.ID)
	b.ReportMetric(float64(after.StoredBytes-before.StoredBytes)/float64(b.N), "stored-B/fetch")
	b.ReportMetric(float64(after.Versions-before.Versions)/float64(b.N), "versions/fetch")
}

// newPageBench makes what a page benchmark fetches with: a monitor over a
// new SQLite store on a virtual clock at t0, and one user following the
// page at url. The store closes when b ends.
func newPageBench(b *testing.B, url string) (*Monitor, *sqlite.DB, *clock.Virtual, *vigil.Subscription) {
	b.Helper()
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	clk := clock.NewVirtual(t0)
	m, err := New(Deps{Store: st, Client: fetch.New(fetch.Config{AllowPrivate: true, Clock: clk}), Hosts: fetch.NewHostLimiter(1, 0, clk),
		Planner: &plan.EWMA{Bounds: plan.DefaultBounds}, Clock: clk, Logger: slog.New(slog.DiscardHandler)}, Config{})
	if err != nil {
		b.Fatal(err)
	}
	u := &vigil.User{Name: "bench", PasswordHash: "x", TokenHash: "x"}
	if err := st.CreateUser(context.Background(), u); err != nil {
		b.Fatal(err)
	}
	sub, err := st.FollowPage(context.Background(), u.ID, url, 1, t0)
	if err != nil {
		b.Fatal(err)
	}
	return m, st, clk, sub
}
