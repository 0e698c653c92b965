package profiler_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/internal/benchsize"
	"vigil/profiler"
	"vigil/store/sqlite"
)

// Shape of the benchmark's stored items: 200 feeds fetched in turn, three
// new items per fetch, each a title of 8 words and a summary of 60 drawn
// Zipf-like from a vocabulary of 5,000 made-up words, each feed keeping to
// its own 300 of them.
const (
	benchFeeds   = 200
	benchPerItem = 3
)

// benchItems is how many items the benchmarks store: 6,000, or 1,500 when
// the documentation's test runs their commands (internal/benchsize).
var benchItems = benchsize.Pick(6000, 1500)

// benchWords returns the made-up vocabulary.
func benchWords() []string {
	words := make([]string, 5000)
	for i := range words {
		var b strings.Builder
		for n := i + 11; n > 0; n /= 10 {
			b.WriteString(syllables[n%10])
		}
		words[i] = b.String()
	}
	return words
}

// benchStore writes the benchmark's items into a new database and returns
// its path, with the user and feeds made.
func benchStore(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "template.db")
	st, err := sqlite.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	u := &vigil.User{Name: "bench"}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	words := benchWords()
	vocab := rand.NewZipf(r, 1.1, 2, uint64(len(words)-1))
	inFeed := rand.NewZipf(r, 1.05, 3, 299)
	feeds := make([]int64, benchFeeds)
	own := make([][]string, benchFeeds)
	for i := range feeds {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", i), 1, t0)
		if err != nil {
			b.Fatal(err)
		}
		feeds[i] = sub.Feed.ID
		own[i] = make([]string, 300)
		for j := range own[i] {
			own[i][j] = words[vocab.Uint64()]
		}
	}
	text := func(feed, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = own[feed][inFeed.Uint64()]
		}
		return strings.Join(w, " ")
	}
	for k := range benchItems / benchPerItem {
		feed := k % benchFeeds
		items := make([]vigil.Item, benchPerItem)
		for i := range items {
			items[i] = vigil.Item{Key: fmt.Sprintf("%d-%d", k, i), Title: text(feed, 8), Summary: "<p>" + text(feed, 60) + "</p>"}
		}
		at := t0.Add(time.Duration(k) * time.Minute)
		f := vigil.Fetched{FeedID: feeds[feed], Items: items, Observation: vigil.Observation{At: at, Status: 200, Items: len(items)}}
		if _, err := st.Ingest(ctx, f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
			b.Fatal(err)
		}
	}
	return path
}

// copyFile copies the database at from to to.
func copyFile(b *testing.B, from, to string) {
	b.Helper()
	src, err := os.Open(from)
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		b.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCatchUp measures a catch-up over 6,000 stored items of 200
// feeds: reading them, analysis, folding and saving each page.
func BenchmarkCatchUp(b *testing.B) {
	template := benchStore(b)
	dir := b.TempDir()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		path := filepath.Join(dir, fmt.Sprintf("run%d.db", i))
		copyFile(b, template, path)
		st, err := sqlite.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		p, err := profiler.New(context.Background(), st, profiler.Config{Rest: -1}, nil) // the rest between pages paces, it is not work
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		n, err := p.CatchUp(context.Background())
		if err != nil || n != benchItems {
			b.Fatalf("folded %d items with error %v, want %d", n, err, benchItems)
		}
		b.StopTimer()
		st.Close()
		os.Remove(path)
		b.StartTimer()
	}
	b.ReportMetric(float64(benchItems*b.N)/b.Elapsed().Seconds(), "items/s")
}

// caughtUp opens the benchmark's store (closed when b ends) with a profiler
// that has folded every item.
func caughtUp(b *testing.B) (*sqlite.DB, *profiler.Profiler) {
	st, err := sqlite.Open(benchStore(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	p, err := profiler.New(context.Background(), st, profiler.Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := p.CatchUp(context.Background()); err != nil {
		b.Fatal(err)
	}
	return st, p
}

// BenchmarkCatchUpFetch measures the live case: a profiler caught up on
// the benchmark's items folds and saves one new fetch of three items.
func BenchmarkCatchUpFetch(b *testing.B) {
	st, p := caughtUp(b)
	ctx := context.Background()
	words := benchWords()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		items := make([]vigil.Item, benchPerItem)
		for j := range items {
			items[j] = vigil.Item{Key: fmt.Sprintf("live-%d-%d", i, j), Title: words[i%100], Summary: strings.Join(words[j*60+i%7:j*60+i%7+60], " ")}
		}
		feed := int64(1 + i%benchFeeds)
		at := t0.Add(time.Duration(benchItems+i) * time.Minute)
		f := vigil.Fetched{FeedID: feed, Items: items, Observation: vigil.Observation{At: at, Status: 200, Items: len(items)}}
		if _, err := st.Ingest(ctx, f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if n, err := p.CatchUp(ctx); err != nil || n != benchPerItem {
			b.Fatalf("folded %d items with error %v, want %d", n, err, benchPerItem)
		}
	}
}

// BenchmarkRecommend measures one reader's recommendations over the
// benchmark's items: 200 opened items, 500 unread ones, 200 channels.
func BenchmarkRecommend(b *testing.B) {
	st, p := caughtUp(b)
	ctx := context.Background()
	u, err := st.UserByName(ctx, "bench")
	if err != nil {
		b.Fatal(err)
	}
	for id := int64(1); id <= 200; id++ {
		if err := st.MarkOpened(ctx, u.ID, id*7, t0.Add(time.Duration(id)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		got, err := p.Recommend(ctx, u, 20, 10)
		if err != nil || len(got.Items) == 0 {
			b.Fatalf("recommended %+v with error %v", got, err)
		}
	}
}
