package profile

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// fetch is one batch of new items of one channel in a synthetic stream.
type fetch struct {
	channel int
	items   [][]string
}

// streamSpec describes a synthetic multi-channel stream: channels share a
// global vocabulary and a set of topics; each channel writes on its current
// topic and now and then switches, and channels publish at very different
// rates, so that some profiles go untouched while others move df.
type streamSpec struct {
	seed     uint64
	channels int
	topics   int
	fetches  int
	terms    int // per item
}

// stream returns the fetches of a synthetic stream, reproducible from the
// seed.
func stream(s streamSpec) []fetch {
	r := rand.New(rand.NewPCG(s.seed, 0x5eed))
	global := rand.NewZipf(r, 1.1, 2, 400)
	topical := rand.NewZipf(r, 1.2, 1, 59)
	topic := make([]int, s.channels)
	rate := make([]float64, s.channels)
	var total float64
	for c := range topic {
		topic[c] = r.IntN(s.topics)
		rate[c] = math.Pow(2, -float64(c%6)) // 1 to 1/32
		total += rate[c]
	}
	out := make([]fetch, 0, s.fetches)
	for range s.fetches {
		c := pick(r, rate, total)
		f := fetch{channel: c}
		for range 1 + r.IntN(4) {
			if r.Float64() < 0.08 {
				topic[c] = r.IntN(s.topics)
			}
			item := make([]string, 0, s.terms)
			for len(item) < s.terms {
				if r.Float64() < 0.6 {
					item = append(item, fmt.Sprintf("t%dw%d", topic[c], topical.Uint64()))
				} else {
					item = append(item, fmt.Sprintf("g%d", global.Uint64()))
				}
			}
			f.items = append(f.items, item)
		}
		out = append(out, f)
	}
	return out
}

// pick draws an index with probability proportional to its weight.
func pick(r *rand.Rand, w []float64, total float64) int {
	x := r.Float64() * total
	for i, v := range w {
		if x < v {
			return i
		}
		x -= v
	}
	return len(w) - 1
}

// synthVectors returns n channel profiles over a synthetic vocabulary with
// Zipf-like popularity: each channel has a topic with its own terms and
// draws common terms from one global vocabulary; weights are tf·idf with
// idf from the generated document frequencies. Term IDs below 50,000 are
// global, the rest topical.
func synthVectors(n int, seed uint64) []Vector {
	const globalTerms, topics, topicTerms = 50_000, 2_000, 200
	r := rand.New(rand.NewPCG(seed, 0xc0ffee))
	global := rand.NewZipf(r, 1.07, 1, globalTerms-1)
	topical := rand.NewZipf(r, 1.1, 1, topicTerms-1)
	tfs := make([]map[uint32]float64, n)
	df := make(map[uint32]int)
	for i := range tfs {
		tf := make(map[uint32]float64)
		base := uint32(globalTerms + r.IntN(topics)*topicTerms)
		for range 100 {
			tf[base+uint32(topical.Uint64())]++
		}
		for range 50 {
			tf[uint32(global.Uint64())]++
		}
		for id := range tf {
			df[id]++
		}
		tfs[i] = tf
	}
	out := make([]Vector, n)
	for i, tf := range tfs {
		out[i] = vectorOf(tf, func(id uint32) float64 {
			return math.Log(float64(n+1) / float64(df[id]))
		})
	}
	return out
}

// synthQuery returns a query of 1 to 4 terms drawn like a channel's.
func synthQuery(r *rand.Rand, global, topical *rand.Zipf) Vector {
	tf := make(map[uint32]float64)
	for range 1 + r.IntN(4) {
		if r.IntN(2) == 0 {
			tf[uint32(global.Uint64())]++
		} else {
			tf[uint32(50_000+r.IntN(2_000)*200)+uint32(topical.Uint64())]++
		}
	}
	return vectorOf(tf, func(uint32) float64 { return 1 })
}
