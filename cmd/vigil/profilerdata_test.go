package main

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
	"vigil/trace"
)

// profilerDataVersion names the way profilerStore generates its store. The
// cached file's name carries it: change it whenever the generator changes,
// so that no run measures a store an older generator made.
const profilerDataVersion = "v1"

// Sizes of the store BenchmarkProfilerCatchUp measures (the issue's), and
// how its items are made.
const (
	profilerFeeds      = 5000
	profilerItems      = 100000
	profilerFetches    = 4  // fetches per feed, each with its own Seen time
	profilerItemTitles = 50 // titles per item body: about 3 KB of English
	profilerSeed       = 20130520
)

// profilerSizes returns the number of feeds and of items to store:
// VIGIL_PROFILER_FEEDS and VIGIL_PROFILER_ITEMS, else the 5,000
// and 100,000.
func profilerSizes(b *testing.B) (feeds, items int) {
	return envPositive(b, "VIGIL_PROFILER_FEEDS", profilerFeeds), envPositive(b, "VIGIL_PROFILER_ITEMS", profilerItems)
}

// envPositive returns the positive integer the environment variable key
// holds, else def; anything else there fails the benchmark.
func envPositive(b *testing.B, key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		b.Fatalf("%s=%q: want a positive integer", key, v)
	}
	return n
}

// profilerTracePath returns the real trace whose titles make the items:
// $VIGIL_SHARED/traces/reddit-2013q3.tsv.gz, else the shared directory
// beside the repository (../../../shared from this package).
func profilerTracePath() string {
	shared := os.Getenv("VIGIL_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "..", "shared")
	}
	return filepath.Join(shared, "traces", "reddit-2013q3.tsv.gz")
}

// profilerStore returns the path of a fresh copy, in b.TempDir(), of the
// store BenchmarkProfilerCatchUp measures, opened once so that its schema
// is current (a later migration is no part of the measure).
//
// The store itself is built once and kept in os.TempDir(), in a file named
// by profilerDataVersion and the sizes (vigil-profilermem-v1-5000f-100000i.db),
// which later runs copy instead of building it again: delete the file to
// have it built anew. Building logs how long it took.
func profilerStore(b *testing.B) string {
	b.Helper()
	feeds, items := profilerSizes(b)
	cache := filepath.Join(os.TempDir(), fmt.Sprintf("vigil-profilermem-%s-%df-%di.db", profilerDataVersion, feeds, items))
	if _, err := os.Stat(cache); errors.Is(err, os.ErrNotExist) {
		start := time.Now()
		if err := buildProfilerStore(cache, feeds, items); err != nil {
			b.Fatal(err)
		}
		b.Logf("built the store of %d feeds and %d items in %.1f s: %s", feeds, items, time.Since(start).Seconds(), cache)
	} else if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "v.db")
	if err := copyFile(cache, path); err != nil {
		b.Fatal(err)
	}
	st, err := sqlite.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// buildProfilerStore writes to path a store with feeds feeds, all followed
// by one user, and items items spread evenly over them. Feed i takes the
// titles of source i mod n of the reddit trace (n sources, sorted by name),
// so that each channel is topical: every item is one of them as its title
// and a body of profilerItemTitles of them drawn at random, in paragraphs.
// A feed's items come in profilerFetches fetches a day apart, stored round
// by round as a monitor would (item IDs interleave the feeds), with the
// feed's next fetch a year away. The file is written beside path and
// renamed into place once complete.
func buildProfilerStore(path string, feeds, items int) error {
	postings, err := trace.ReadPostingsFile(profilerTracePath())
	if err != nil {
		return fmt.Errorf("the reddit trace is needed for the items' English (set VIGIL_SHARED to the shared directory): %w", err)
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	defer os.Remove(tmp)
	st, err := sqlite.Open(tmp)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		return err
	}
	now := time.Now().Truncate(time.Second)
	ids := make([]int64, feeds)
	for i := range feeds {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("http://127.0.0.1:9/f%d", i), 1, now)
		if err != nil {
			return err
		}
		ids[i] = sub.Feed.ID
	}
	first := now.Add(-time.Duration(profilerFetches) * 24 * time.Hour)
	for round := range profilerFetches {
		for i := range feeds {
			src := &postings.Sources[i%len(postings.Sources)]
			at := first.Add(time.Duration(round)*24*time.Hour + time.Duration(i)*time.Second)
			if err := ingestRound(ctx, st, ids[i], i, src, round, feedItems(i, feeds, items), at); err != nil {
				return err
			}
		}
	}
	if err := st.Close(); err != nil { // checkpoints the WAL into the file
		return err
	}
	return os.Rename(tmp, path)
}

// feedItems returns how many of items feed i of feeds holds.
func feedItems(i, feeds, items int) int {
	n := items / feeds
	if i < items%feeds {
		n++
	}
	return n
}

// ingestRound stores fetch round of feed i (stored as id) at time at: its
// items j of n with j mod profilerFetches = round, made of src's titles.
func ingestRound(ctx context.Context, st *sqlite.DB, id int64, i int, src *trace.Source, round, n int, at time.Time) error {
	rng := rand.New(rand.NewPCG(profilerSeed, uint64(i)<<8|uint64(round)))
	var fetched []vigil.Item
	for j := round; j < n; j += profilerFetches {
		title := src.Postings[rng.IntN(len(src.Postings))].Title
		fetched = append(fetched, vigil.Item{
			Key:       fmt.Sprintf("f%d-%d", i, j),
			Hash:      fmt.Sprintf("h%d-%d", i, j),
			URL:       fmt.Sprintf("http://127.0.0.1:9/f%d/%d", i, j),
			Title:     title,
			Content:   itemBody(rng, src),
			Published: at.Add(-time.Duration(rng.IntN(3600)) * time.Second),
		})
	}
	decide := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		return &vigil.Feed{Title: src.ID, SiteURL: "https://www.reddit.com/" + src.ID, Language: "en",
			Status: vigil.FeedActive, LastFetch: at, LastSuccess: at, NextFetch: at.Add(365 * 24 * time.Hour),
			LastStatus: 200, Window: len(fetched)}, nil
	}
	obs := vigil.Observation{At: at, Status: 200, Bytes: int64(3200 * len(fetched)), Latency: 200 * time.Millisecond, Items: len(fetched)}
	if _, err := st.Ingest(ctx, vigil.Fetched{FeedID: id, Observation: obs, Items: fetched}, decide); err != nil {
		return fmt.Errorf("storing fetch %d of feed %d: %w", round, i, err)
	}
	return nil
}

// itemBody returns an HTML body of profilerItemTitles titles of src drawn
// by rng, as sentences in paragraphs of five.
func itemBody(rng *rand.Rand, src *trace.Source) string {
	var body strings.Builder
	for k := range profilerItemTitles {
		if k%5 == 0 {
			body.WriteString("<p>")
		}
		body.WriteString(html.EscapeString(src.Postings[rng.IntN(len(src.Postings))].Title))
		body.WriteString(". ")
		if k%5 == 4 {
			body.WriteString("</p>\n")
		}
	}
	return body.String()
}

// copyFile copies the file src to dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
