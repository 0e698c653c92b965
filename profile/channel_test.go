package profile

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"vigil"
)

func newTestChannel(t testing.TB, cfg Config) *Channel {
	t.Helper()
	ch, err := NewChannel(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

// windowVector is the brute-force profile of docs under c's current idf.
func windowVector(c *Corpus, docs []Doc) Vector {
	tf := make(map[uint32]float64)
	for _, d := range docs {
		for _, e := range d {
			tf[e.ID] += float64(e.Count)
		}
	}
	return vectorOf(tf, func(id uint32) float64 { return math.Log(float64(c.N()) / float64(c.terms.at(id).df)) })
}

// cos is the cosine of two dense vectors, for hand-computed expectations.
func cos(a, b []float64) float64 {
	var d, na, nb float64
	for i := range a {
		d += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return d / math.Sqrt(na*nb)
}

// TestTwoChannelsByHand folds two 3-item channels, interleaved, and checks
// Δ, the profiles and their cosine against values computed by hand.
func TestTwoChannelsByHand(t *testing.T) {
	var c Corpus
	a := newTestChannel(t, DefaultConfig())
	b := newTestChannel(t, DefaultConfig())
	var deltas []float64
	for _, step := range []struct {
		ch   *Channel
		item []string
	}{
		{a, []string{"x", "y"}},
		{b, []string{"x", "w"}},
		{a, []string{"x", "z"}},
		{b, []string{"v"}},
		{a, []string{"y", "y", "w"}},
		{b, []string{"v", "w"}},
	} {
		res := step.ch.Fold(&c, [][]string{step.item})
		if step.ch == a {
			deltas = append(deltas, res.Deltas[0])
		}
	}
	l := math.Log
	// A2 arrives as item 3: df x=3, y=1, z=1, so idf x=0, y=z=ln 3:
	// (y) against (y, z) gives 1/√2.
	// A3 arrives as item 5: df x=3, y=2, z=1, w=2.
	x, y, z, w := l(5.0/3), l(5.0/2), l(5), l(5.0/2)
	want := []float64{0, 1 / math.Sqrt2, cos([]float64{2 * x, y, z, 0}, []float64{2 * x, 3 * y, z, w})}
	for i := range want {
		if math.Abs(deltas[i]-want[i]) > 1e-9 {
			t.Errorf("Δ of A's item %d = %.12f, want %.12f", i+1, deltas[i], want[i])
		}
	}
	// After 6 items: df x=3, y=2, z=1, w=3, v=2.
	// A: tf x2 y3 z1 w1; B: tf x1 w2 v2; terms x y z w v.
	va := []float64{2 * l(2), 3 * l(3), l(6), l(2), 0}
	vb := []float64{l(2), 0, 0, 2 * l(2), 2 * l(3)}
	if got, want := Cosine(a.Vector(&c), b.Vector(&c)), cos(va, vb); math.Abs(got-want) > 1e-9 {
		t.Errorf("sim(A, B) = %.12f, want %.12f", got, want)
	}
	top := a.Top(&c, 3)
	wantTop := []vigil.TermWeight{{Term: "y", Weight: 3 * l(3)}, {Term: "z", Weight: l(6)}, {Term: "x", Weight: 2 * l(2)}}
	for i := range wantTop {
		if top[i].Term != wantTop[i].Term || math.Abs(top[i].Weight-wantTop[i].Weight) > 1e-12 {
			t.Errorf("Top[%d] = %+v, want %+v", i, top[i], wantTop[i])
		}
	}
}

func TestTopTiesByTerm(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, DefaultConfig())
	c.Add([]string{"other"})
	ch.Fold(&c, [][]string{{"b", "a", "c"}})
	got := ch.Top(&c, 5)
	if len(got) != 3 || got[0].Term != "a" || got[1].Term != "b" || got[2].Term != "c" {
		t.Errorf("Top = %+v, want a, b, c at equal weight", got)
	}
	if ch.Top(&c, 0) != nil {
		t.Error("Top(0) is not nil")
	}
}

// TopEach keeps n stems and n affinities although the pairs, rarer,
// outweigh every stem.
func TestTopEachKeepsStemsAndPairs(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, DefaultConfig())
	c.Add([]string{"a", "b", "c"})
	c.Add([]string{"other"})
	ch.Fold(&c, [][]string{{"a", "b", "c", "a b", "b c", "a c"}})
	tests := []struct {
		n           int
		stems, pair int
	}{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {5, 3, 3}}
	for _, tt := range tests {
		got := ch.TopEach(&c, tt.n)
		stems, pairs := vigil.SplitTerms(got)
		if len(stems) != tt.stems || len(pairs) != tt.pair {
			t.Errorf("TopEach(%d) = %+v, want %d stems and %d pairs", tt.n, got, tt.stems, tt.pair)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Weight > got[i-1].Weight {
				t.Errorf("TopEach(%d) = %+v is not heaviest first", tt.n, got)
			}
		}
	}
	if top := ch.Top(&c, 3); len(top) != 3 || !strings.Contains(top[0].Term, " ") {
		t.Errorf("Top(3) = %+v; the pairs were expected to outweigh the stems", top)
	}
}

// TestExactMatchesBruteForce checks Δ in exact mode against profiles built
// from scratch, item by item, on a stream with eviction.
func TestExactMatchesBruteForce(t *testing.T) {
	checkAgainstBruteForce(t, Config{K: 5, Exact: true}, 1e-12)
}

// TestIncrementalMatchesBruteForceOnOneChannel: with a single channel every
// df change comes from the channel's own items, and the approximation only
// concerns terms whose df moved while they sat untouched in the window.
func TestIncrementalMatchesBruteForceOnOneChannel(t *testing.T) {
	checkAgainstBruteForce(t, Config{K: 5}, 0.02)
}

func checkAgainstBruteForce(t *testing.T, cfg Config, tol float64) {
	t.Helper()
	var c Corpus
	ch := newTestChannel(t, cfg)
	var docs []Doc
	for i, f := range stream(streamSpec{seed: 7, channels: 1, topics: 3, fetches: 200, terms: 12}) {
		for _, item := range f.items {
			d := c.Add(item)
			prev := windowVector(&c, docs)
			docs = append(docs, d)
			if len(docs) > cfg.K {
				docs = docs[1:]
			}
			want := Cosine(prev, windowVector(&c, docs))
			if got := ch.win.push(&c, d, cfg.Exact); math.Abs(got-want) > tol {
				t.Fatalf("fetch %d: Δ = %.15f, brute force %.15f", i, got, want)
			}
		}
	}
	if got, want := Cosine(ch.Vector(&c), windowVector(&c, docs)), 1.0; math.Abs(got-want) > 1e-12 {
		t.Errorf("final profile differs from brute force: cosine %v", got)
	}
}

// TestIncrementalError bounds the approximation on a fixed-seed stream of
// several channels sharing vocabulary, at very different rates, with topic
// switches: every item's Δ is compared with exact mode.
func TestIncrementalError(t *testing.T) {
	spec := streamSpec{seed: 42, channels: 12, topics: 6, fetches: 3000, terms: 30}
	var fast, slow Corpus
	fastCh := make([]*Channel, spec.channels)
	exactCh := make([]*Channel, spec.channels)
	for i := range fastCh {
		fastCh[i] = newTestChannel(t, DefaultConfig())
		exactCh[i] = newTestChannel(t, Config{K: DefaultK, Beta: DefaultBeta, Exact: true})
	}
	var worst, total float64
	var n int
	for _, f := range stream(spec) {
		got := fastCh[f.channel].Fold(&fast, f.items)
		want := exactCh[f.channel].Fold(&slow, f.items)
		for i := range got.Deltas {
			e := math.Abs(got.Deltas[i] - want.Deltas[i])
			worst = max(worst, e)
			total += e
			n++
		}
	}
	t.Logf("incremental vs exact Δ over %d items: max error %.2g, mean %.2g", n, worst, total/float64(n))
	if worst >= 0.02 {
		t.Errorf("max |Δ_incremental − Δ_exact| = %v, want < 0.02", worst)
	}
}

func TestWindowEviction(t *testing.T) {
	var c Corpus
	c.Add([]string{"filler"}) // so that no idf is 0
	ch := newTestChannel(t, Config{K: 2})
	ch.Fold(&c, [][]string{{"a"}, {"b"}, {"c"}})
	if ch.Len() != 2 || ch.Items() != 3 {
		t.Fatalf("Len, Items = %d, %d; want 2, 3", ch.Len(), ch.Items())
	}
	v := ch.Vector(&c)
	idA, _ := c.ID("a")
	idB, _ := c.ID("b")
	if v.Len() != 2 || v.Weight(idA) != 0 || v.Weight(idB) == 0 {
		t.Errorf("window after eviction has %d terms, weight(a) = %v, weight(b) = %v", v.Len(), v.Weight(idA), v.Weight(idB))
	}
	// An evicted term comes back from zero.
	ch.Fold(&c, [][]string{{"a"}})
	if v := ch.Vector(&c); v.Weight(idA) == 0 || v.Weight(idB) != 0 {
		t.Errorf("after a returns: weight(a) = %v, weight(b) = %v", v.Weight(idA), v.Weight(idB))
	}
}

// TestIDFMovesProfile: other channels' items change a channel's weights.
func TestIDFMovesProfile(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, DefaultConfig())
	ch.Fold(&c, [][]string{{"x", "y"}})
	c.Add([]string{"x"})
	first := ch.Top(&c, 2) // y (idf ln 2) above x (idf 0)
	c.Add([]string{"y"})
	c.Add([]string{"y"})
	second := ch.Top(&c, 2) // now x: ln(4/2), y: ln(4/3)
	if first[0].Term != "y" || second[0].Term != "x" {
		t.Errorf("top term %q then %q, want y then x", first[0].Term, second[0].Term)
	}
	if math.Abs(second[0].Weight-math.Log(2)) > 1e-12 || math.Abs(second[1].Weight-math.Log(4.0/3)) > 1e-12 {
		t.Errorf("weights %+v, want x ln 2, y ln 4/3", second)
	}
}

// TestCohesionOnlineEqualsDirect splits one stream into batches in two
// different ways: Eq. 8 online gives exactly Eq. 3 over all the Δs, and
// σ_coh matches the sample deviation computed directly.
func TestCohesionOnlineEqualsDirect(t *testing.T) {
	items := stream(streamSpec{seed: 3, channels: 1, topics: 4, fetches: 120, terms: 15})
	var all [][]string
	for _, f := range items {
		all = append(all, f.items...)
	}
	r := rand.New(rand.NewPCG(3, 3))
	var c1, c2 Corpus
	one := newTestChannel(t, DefaultConfig())
	batched := newTestChannel(t, DefaultConfig())
	var deltas []float64
	for _, item := range all {
		deltas = append(deltas, one.Fold(&c1, [][]string{item}).Deltas[0])
	}
	for i := 0; i < len(all); {
		j := min(len(all), i+1+r.IntN(7))
		batched.Fold(&c2, all[i:j])
		i = j
	}
	var sum float64
	for _, d := range deltas {
		sum += d
	}
	mean := sum / float64(len(deltas))
	var ss float64
	for _, d := range deltas {
		ss += (d - mean) * (d - mean)
	}
	sd := math.Sqrt(ss / float64(len(deltas)-1))
	for _, ch := range []*Channel{one, batched} {
		coh, got := ch.Cohesion()
		if coh != mean {
			t.Errorf("cohesion %v, Eq. 3 gives %v", coh, mean)
		}
		if math.Abs(got-sd) > 1e-12 {
			t.Errorf("σ_coh %v, direct sample deviation %v", got, sd)
		}
	}
	if mean <= 0 || mean >= 1 || sd <= 0 {
		t.Errorf("degenerate stream: coh %v, σ %v", mean, sd)
	}
}

func TestNoveltyThreshold(t *testing.T) {
	tests := []struct {
		name  string
		stats cohesion
		beta  float64
		want  float64
	}{
		{"no items", cohesion{}, 0.1, math.Inf(1)},
		{"one item", cohesion{n: 1, sum: 0.5, sum2: 0.25}, 0.1, math.Inf(1)},
		// Δ = 0.5, 1: coh 0.75, σ² = (1.25 − 2·0.5625)/1 = 0.125.
		{"two items", cohesion{n: 2, sum: 1.5, sum2: 1.25}, 2, 0.75 + 2*math.Sqrt(0.125)},
		{"negative β", cohesion{n: 2, sum: 1.5, sum2: 1.25}, -1, 0.75 - math.Sqrt(0.125)},
	}
	for _, tt := range tests {
		if got := tt.stats.threshold(tt.beta); math.Abs(got-tt.want) > 1e-15 && got != tt.want {
			t.Errorf("%s: threshold = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNoveltyBoundary: an item whose Δ equals coh + β·σ exactly is not
// novel. Items made of one term present in every item have idf 0, so all
// Δ are 0, as are coh and σ: Δ == threshold.
func TestNoveltyBoundary(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, Config{Beta: 0})
	b := ch.Fold(&c, [][]string{{"same"}, {"same"}, {"same"}})
	if b.Threshold != 0 || b.NovelCount != 0 {
		t.Fatalf("threshold %v, novel %d; want 0 and none (Δ == threshold is not novel)", b.Threshold, b.NovelCount)
	}
	for i, d := range b.Deltas {
		if d != 0 || b.Novel[i] {
			t.Errorf("item %d: Δ %v novel %v", i, d, b.Novel[i])
		}
	}
}

func TestFirstItemIsNovel(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, DefaultConfig())
	b := ch.Fold(&c, [][]string{{"a", "b"}})
	if b.Deltas[0] != 0 || !b.Novel[0] || !math.IsInf(b.Threshold, 1) || ch.Novel() != 1 {
		t.Errorf("first item: %+v, novel total %d", b, ch.Novel())
	}
	if b := ch.Fold(&c, nil); len(b.Deltas) != 0 || b.NovelCount != 0 {
		t.Errorf("empty fetch: %+v", b)
	}
}

// TestNoveltyFilterChoice replays a stream with both readings of §5.3.2 and
// checks each decision against the rule applied to the published numbers.
func TestNoveltyFilterChoice(t *testing.T) {
	for _, previous := range []bool{false, true} {
		var c Corpus
		ch := newTestChannel(t, Config{K: 10, Beta: 0.5, FilterWithPrevious: previous})
		var novel int64
		for _, f := range stream(streamSpec{seed: 11, channels: 1, topics: 5, fetches: 80, terms: 10}) {
			coh, sd := ch.Cohesion()
			n := ch.Items()
			b := ch.Fold(&c, f.items)
			if !previous {
				coh, sd = ch.Cohesion()
				n = ch.Items()
			}
			want := coh + 0.5*sd
			if n < 2 {
				want = math.Inf(1)
			}
			if b.Threshold != want {
				t.Fatalf("previous=%v: threshold %v, want %v", previous, b.Threshold, want)
			}
			for i, d := range b.Deltas {
				if b.Novel[i] != (d < want) {
					t.Fatalf("previous=%v: item with Δ %v judged novel=%v against %v", previous, d, b.Novel[i], want)
				}
			}
			novel += int64(b.NovelCount)
		}
		if ch.Novel() != novel || novel == 0 || novel == ch.Items() {
			t.Errorf("previous=%v: %d novel of %d (counted %d)", previous, ch.Novel(), ch.Items(), novel)
		}
	}
}

func TestNewChannelRejects(t *testing.T) {
	for _, cfg := range []Config{{K: -1}, {K: maxK + 1}, {Beta: math.NaN()}, {Beta: math.Inf(1)}} {
		if _, err := NewChannel(cfg); err == nil {
			t.Errorf("NewChannel(%+v) accepted", cfg)
		}
	}
	ch := newTestChannel(t, Config{})
	if ch.Config().K != DefaultK {
		t.Errorf("zero K gave %d", ch.Config().K)
	}
}
