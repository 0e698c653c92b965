package profile

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// randomVector draws up to terms distinct IDs below vocab with random
// positive weights.
func randomVector(r *rand.Rand, vocab, terms int) Vector {
	tf := make(map[uint32]float64)
	for range 1 + r.IntN(terms) {
		tf[uint32(r.IntN(vocab))] = 0.1 + r.Float64()
	}
	return vectorOf(tf, func(uint32) float64 { return 1 })
}

// bruteSearch scores every vector against q as Index documents it: the
// cosine restricted to each vector's MaxTerms heaviest terms.
func bruteSearch(vs map[int64]Vector, q Vector, n int, skip func(int64) bool) []Hit {
	r := ranking{n: n}
	for id, v := range vs {
		ids, ws, _, _ := keep(v)
		s := dotSparse(q.ids, q.ws, ids, ws) / q.Norm()
		if s > 0 && (skip == nil || !skip(id)) {
			r.offer(Hit{ID: id, Score: s})
		}
	}
	return r.sorted()
}

func sameHits(t *testing.T, got, want []Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d hits, brute force %d", len(got), len(want))
	}
	for i := range want {
		if math.Abs(got[i].Score-want[i].Score) > 1e-12 {
			t.Fatalf("hit %d: %+v, brute force %+v", i, got[i], want[i])
		}
		if got[i].ID != want[i].ID && math.Abs(got[i].Score-want[i].Score) > 1e-15 {
			t.Fatalf("hit %d: %+v, brute force %+v", i, got[i], want[i])
		}
	}
}

// TestSearchMatchesBruteForce puts, replaces and removes random profiles,
// some longer than MaxTerms, and compares every search with brute force.
func TestSearchMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var x Index
	vs := make(map[int64]Vector)
	for round := range 6 {
		for range 300 {
			id := int64(r.IntN(400))
			switch r.IntN(5) {
			case 0:
				x.Remove(id)
				delete(vs, id)
			default:
				v := randomVector(r, 500, 120)
				x.Put(id, v)
				vs[id] = v
			}
		}
		if x.Len() != len(vs) {
			t.Fatalf("round %d: Len %d, want %d", round, x.Len(), len(vs))
		}
		skip := func(id int64) bool { return id%7 == 0 }
		for range 50 {
			q := randomVector(r, 500, 4)
			n := 1 + r.IntN(20)
			sameHits(t, x.Search(q, n, nil), bruteSearch(vs, q, n, nil))
			sameHits(t, x.Search(q, n, skip), bruteSearch(vs, q, n, skip))
		}
	}
	// Lists stay within twice their live postings (plus the slack).
	for term, l := range x.lists {
		if l == nil {
			continue
		}
		live := 0
		for _, p := range l.p {
			if x.valid(p) {
				live++
			}
		}
		if live != l.live() || len(l.p) > 2*live+8 {
			t.Errorf("term %d: %d postings, %d live, %d counted live", term, len(l.p), live, l.live())
		}
	}
}

func TestSearchEdges(t *testing.T) {
	var x Index
	if x.Search(Vector{ids: []uint32{1}, ws: []float64{1}}, 5, nil) != nil {
		t.Error("search of an empty index returned hits")
	}
	x.Put(1, Vector{ids: []uint32{1, 2}, ws: []float64{3, 4}})
	x.Put(2, Vector{})
	if x.Len() != 2 {
		t.Errorf("Len = %d, want 2 (an empty profile is still indexed)", x.Len())
	}
	q := Vector{ids: []uint32{2}, ws: []float64{1}}
	got := x.Search(q, 5, nil)
	if len(got) != 1 || got[0].ID != 1 || math.Abs(got[0].Score-0.8) > 1e-15 {
		t.Errorf("Search = %+v, want channel 1 at 0.8", got)
	}
	if x.Search(q, 0, nil) != nil || x.Search(Vector{}, 5, nil) != nil {
		t.Error("n = 0 or an empty query returned hits")
	}
	x.Remove(1)
	x.Remove(99)
	if got := x.Search(q, 5, nil); len(got) != 0 {
		t.Errorf("removed channel still found: %+v", got)
	}
}

// TestPutKeepsHeaviest: a long profile keeps its MaxTerms heaviest terms,
// weighted by the full norm.
func TestPutKeepsHeaviest(t *testing.T) {
	tf := make(map[uint32]float64)
	for i := range 100 {
		tf[uint32(i)] = float64(i + 1)
	}
	v := vectorOf(tf, func(uint32) float64 { return 1 })
	var x Index
	x.Put(7, v)
	d := x.docs[x.slots[7]]
	if len(d.ids) != MaxTerms || d.ids[0] != 100-MaxTerms || !slices.IsSorted(d.ids) {
		t.Fatalf("kept %d terms from %d", len(d.ids), d.ids[0])
	}
	if got, want := d.ws[len(d.ws)-1], 100/v.Norm(); math.Abs(got-want) > 1e-15 {
		t.Errorf("heaviest kept weight %v, want %v", got, want)
	}
	for r := 1; r < len(d.byWeight); r++ {
		if d.ws[d.byWeight[r-1]] <= d.ws[d.byWeight[r]] {
			t.Fatalf("byWeight not heaviest first at rank %d", r)
		}
	}
	light := Vector{ids: []uint32{0}, ws: []float64{1}}
	if got := x.Search(light, 1, nil); len(got) != 0 {
		t.Errorf("a dropped term still finds the channel: %+v", got)
	}
}

// TestSearchFindsOwnProfile: channels with vocabularies of their own (and
// a shared one) are found first by their own top terms.
func TestSearchFindsOwnProfile(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var c Corpus
	var x Index
	chs := make([]*Channel, 6)
	for i := range chs {
		chs[i] = newTestChannel(t, DefaultConfig())
	}
	for n := range 300 {
		i := n % len(chs)
		var item []string
		for range 6 {
			item = append(item, fmt.Sprintf("c%dw%d", i, r.IntN(15)))
		}
		for range 4 {
			item = append(item, fmt.Sprintf("g%d", r.IntN(30)))
		}
		chs[i].Fold(&c, [][]string{item})
	}
	for i, ch := range chs {
		x.Put(int64(i), ch.Vector(&c))
	}
	for i, ch := range chs {
		q := QueryVector(&c, termsOf(ch.Top(&c, 3)))
		if got := x.Search(q, 1, nil); len(got) != 1 || got[0].ID != int64(i) {
			t.Errorf("channel %d's top terms find %+v", i, got)
		}
	}
}

// TestConcurrentSearches: searches share nothing mutable (run with -race).
func TestConcurrentSearches(t *testing.T) {
	var x Index
	for i, v := range synthVectors(2000, 6) {
		x.Put(int64(i), v)
	}
	r := rand.New(rand.NewPCG(6, 6))
	global := rand.NewZipf(r, 1.07, 1, 49_999)
	topical := rand.NewZipf(r, 1.1, 1, 199)
	queries := make([]Vector, 40)
	want := make([][]Hit, len(queries))
	for i := range queries {
		queries[i] = synthQuery(r, global, topical)
		want[i] = x.Search(queries[i], 5, nil)
	}
	var wg sync.WaitGroup
	errs := make(chan int, 4*len(queries))
	for range 4 {
		wg.Go(func() {
			for i, q := range queries {
				if !slices.Equal(x.Search(q, 5, nil), want[i]) {
					errs <- i
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for i := range errs {
		t.Errorf("query %d gave other hits when run concurrently", i)
	}
}
