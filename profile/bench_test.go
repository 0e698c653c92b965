package profile

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchItems returns n analysed items shaped like news items: about 40
// stems and the lexical affinities of each stem with the next four ("a b"),
// about 190 terms in all. Each item is on one of 500 topics; a topic draws
// its stems, Zipf-like, from 300 of a 20,000-stem vocabulary, itself
// Zipf-like, so that the vocabulary keeps growing but ever more slowly.
func benchItems(n int, seed uint64) [][]string {
	r := rand.New(rand.NewPCG(seed, 1))
	vocab := rand.NewZipf(r, 1.1, 4, 19_999)
	topics := make([][]string, 500)
	for i := range topics {
		topics[i] = make([]string, 300)
		for j := range topics[i] {
			topics[i][j] = fmt.Sprintf("s%d", vocab.Uint64())
		}
	}
	inTopic := rand.NewZipf(r, 1.05, 2, 299)
	items := make([][]string, n)
	for i := range items {
		topic := topics[r.IntN(len(topics))]
		stems := make([]string, 40)
		for j := range stems {
			stems[j] = topic[inTopic.Uint64()]
		}
		terms := append([]string(nil), stems...)
		for j := range stems {
			for d := 1; d <= 4 && j+d < len(stems); d++ {
				terms = append(terms, stems[j]+" "+stems[j+d])
			}
		}
		items[i] = terms
	}
	return items
}

// BenchmarkChannelAdd folds items, corpus.Add included, into 100 channels
// with K = 20, three items per fetch, round robin.
func BenchmarkChannelAdd(b *testing.B) {
	items := benchItems(8192, 1)
	distinct := 0
	for _, it := range items[:256] {
		seen := make(map[string]bool)
		for _, t := range it {
			seen[t] = true
		}
		distinct += len(seen)
	}
	var c Corpus
	chs := make([]*Channel, 100)
	for i := range chs {
		chs[i] = newTestChannel(b, DefaultConfig())
	}
	// Warm up so that windows are full and the corpus is not tiny.
	for i := 0; i < 4096; i += 3 {
		chs[i/3%len(chs)].Fold(&c, items[i:i+3])
	}
	b.ResetTimer()
	done := 0
	for i := 0; b.Loop(); i++ {
		j := (i * 3) % (len(items) - 3)
		chs[i%len(chs)].Fold(&c, items[j:j+3])
		done += 3
	}
	b.ReportMetric(float64(done)/b.Elapsed().Seconds(), "items/s")
	b.ReportMetric(float64(distinct)/256, "distinct/item")
	b.ReportMetric(float64(c.Len()), "terms")
}

// BenchmarkSearch100k searches 100,000 channel profiles with queries of 1
// to 4 terms.
func BenchmarkSearch100k(b *testing.B) {
	var x Index
	for i, v := range synthVectors(100_000, 1) {
		x.Put(int64(i), v)
	}
	r := rand.New(rand.NewPCG(2, 2))
	global := rand.NewZipf(r, 1.07, 1, 49_999)
	topical := rand.NewZipf(r, 1.1, 1, 199)
	queries := make([]Vector, 1000)
	for i := range queries {
		queries[i] = synthQuery(r, global, topical)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		x.Search(queries[i%len(queries)], 10, nil)
	}
}

func benchmarkSample(b *testing.B, n int) {
	var x Index
	for i, v := range synthVectors(n, 3) {
		x.Put(int64(i), v)
	}
	var s Similarity
	b.ResetTimer()
	for b.Loop() {
		s.Sample(&x, 10)
	}
}

// BenchmarkSample10k takes one similarity sample over 10,000 channels, k = 10.
func BenchmarkSample10k(b *testing.B) { benchmarkSample(b, 10_000) }

// BenchmarkSample100k takes one similarity sample over 100,000 channels, k = 10.
func BenchmarkSample100k(b *testing.B) { benchmarkSample(b, 100_000) }
