package estimate

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bump returns a 24-bin daily pattern peaking at the given hour, with a
// floor so that every bin is positive.
func bump(peak float64) Pattern {
	p := make(Pattern, 24)
	for h := range p {
		d := math.Abs(float64(h) - peak)
		d = min(d, 24-d)
		p[h] = 0.02 + math.Exp(-d*d/4)
	}
	return p
}

// noisy returns n noisy copies of each base pattern, in turn, with the
// index of the base of each.
func noisy(r *rand.Rand, bases []Pattern, n int) ([]Pattern, []int) {
	out, truth := make([]Pattern, 0, n*len(bases)), make([]int, 0, n*len(bases))
	for i := range n {
		b := i % len(bases)
		p := make(Pattern, len(bases[b]))
		for h, v := range bases[b] {
			p[h] = v * (0.7 + 0.6*r.Float64()) * 10 // counts, not fractions
		}
		out, truth = append(out, p), append(truth, b)
	}
	return out, truth
}

func TestKMeansRecoversGroups(t *testing.T) {
	flat := make(Pattern, 24)
	for h := range flat {
		flat[h] = 1
	}
	bases := []Pattern{bump(9), bump(21), flat}
	patterns, truth := noisy(rand.New(rand.NewPCG(1, 1)), bases, 900)
	cl, labels, err := KMeans(patterns, KMeansConfig{K: 3, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	mapping := map[int]int{}
	for i, l := range labels {
		if m, ok := mapping[truth[i]]; ok && m != l {
			t.Fatalf("pattern %d of group %d went to cluster %d, its group to %d", i, truth[i], l, m)
		}
		mapping[truth[i]] = l
	}
	if len(mapping) != 3 || mapping[0] == mapping[1] || mapping[1] == mapping[2] || mapping[0] == mapping[2] {
		t.Fatalf("groups mapped to clusters %v, want three distinct", mapping)
	}
	for g, c := range mapping {
		want := clonePattern(bases[g])
		normalise(want)
		if d := distance(cl.Centroids[c], [24]float64(want)); d > 0.01 {
			t.Errorf("centroid of group %d is %.4f from its base shape", g, d)
		}
		if cl.Sizes[c] != 300 {
			t.Errorf("cluster of group %d has %d patterns, want 300", g, cl.Sizes[c])
		}
	}
}

// TestKMeansIsAFixedPoint checks the result against brute force: every
// pattern sits in its nearest cluster and every centroid is the mean of its
// patterns, on data with overlapping groups where Hamerly's bounds matter.
func TestKMeansIsAFixedPoint(t *testing.T) {
	var bases []Pattern
	for h := range 8 {
		bases = append(bases, bump(float64(h)*2.5))
	}
	patterns, _ := noisy(rand.New(rand.NewPCG(9, 9)), bases, 2000)
	cl, labels, err := KMeans(patterns, KMeansConfig{K: 5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	means := make([][24]float64, len(cl.Centroids))
	for i, p := range patterns {
		if best, _ := cl.Assign(p); best != labels[i] {
			t.Fatalf("pattern %d is labelled %d but nearest to %d", i, labels[i], best)
		}
		q := clonePattern(p)
		normalise(q)
		for h, v := range q {
			means[labels[i]][h] += v / float64(cl.Sizes[labels[i]])
		}
	}
	for c, m := range means {
		if d := distance(cl.Centroids[c], m); d > 1e-9 {
			t.Errorf("centroid %d is %v from the mean of its patterns", c, d)
		}
	}
	again, labels2, err := KMeans(patterns, KMeansConfig{K: 5, Seed: 7})
	if err != nil || !slices.Equal(labels, labels2) || again.Rounds != cl.Rounds {
		t.Error("the same seed gave a different clustering")
	}
	t.Logf("%d rounds", cl.Rounds)
}

func TestKMeansBadInput(t *testing.T) {
	good := []Pattern{bump(1), bump(5), bump(9)}
	tests := []struct {
		name     string
		patterns []Pattern
		k        int
	}{
		{"fewer patterns than K", good, 4},
		{"negative K", good, -1},
		{"no bins", []Pattern{{}, {}}, 1},
		{"mixed sizes", []Pattern{bump(1), {1, 2}}, 1},
		{"zero sum", []Pattern{bump(1), make(Pattern, 24)}, 1},
		{"negative bin", []Pattern{bump(1), append(make(Pattern, 23), -1)}, 1},
		{"NaN bin", []Pattern{bump(1), append(make(Pattern, 23), math.NaN())}, 1},
	}
	for _, tc := range tests {
		if _, _, err := KMeans(tc.patterns, KMeansConfig{K: tc.k}); err == nil {
			t.Errorf("%s: KMeans accepted bad input", tc.name)
		}
	}
	for _, tol := range []float64{-0.1, 1, math.NaN()} {
		if _, _, err := KMeans(good, KMeansConfig{K: 2, Tolerance: tol}); err == nil {
			t.Errorf("KMeans accepted tolerance %v", tol)
		}
	}
}

func TestClustersShape(t *testing.T) {
	bases := []Pattern{bump(6), bump(18)}
	patterns, _ := noisy(rand.New(rand.NewPCG(4, 4)), bases, 101) // 51 morning, 50 evening
	cl, _, err := KMeans(patterns, KMeansConfig{K: 2, Seed: 1, MinPostings: 20})
	if err != nil {
		t.Fatal(err)
	}
	morning, _ := cl.Assign(bases[0])
	spiky := make(Pattern, 24)
	spiky[7] = 3 // three postings, all at 07:00
	tests := []struct {
		name     string
		p        Pattern
		postings int
		want     Pattern
	}{
		{"little history borrows the centroid", spiky, 3, cl.Centroids[morning]},
		{"enough history keeps its own shape", spiky, 20, bins(24, map[int]float64{7: 1})},
		{"no history takes the largest cluster", make(Pattern, 24), 0, cl.Centroids[morning]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := cl.Shape(tc.p, tc.postings)
			if err != nil || !near(got, tc.want, 1e-12) {
				t.Fatalf("Shape = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	if _, err := cl.Shape(spiky, -1); err == nil {
		t.Error("Shape accepted a negative posting count")
	}
	if _, err := cl.Assign(Pattern{1, 2}); err == nil {
		t.Error("Assign accepted a pattern of the wrong size")
	}
	if _, err := (&Clusters{}).Assign(spiky); err == nil {
		t.Error("Assign without clusters gave an answer")
	}
}

func TestUnmarshalClusters(t *testing.T) {
	patterns, _ := noisy(rand.New(rand.NewPCG(4, 5)), []Pattern{bump(3), bump(15)}, 40)
	good, _, err := KMeans(patterns, KMeansConfig{K: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := good.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalClusters(b)
	if err != nil || back.MinPostings != DefaultMinPostings || !slices.Equal(back.Sizes, good.Sizes) || !near(back.Centroids[1], good.Centroids[1], 0) {
		t.Fatalf("round trip = %+v, %v; want %+v", back, err, good)
	}
	for _, bad := range []string{
		"", "{", `{"centroids":[]}`,
		`{"centroids":[[0.5,0.5]],"sizes":[]}`,
		`{"centroids":[[0.5,0.5],[1]],"sizes":[1,1]}`,
		`{"centroids":[[0.5,0.6]],"sizes":[1]}`,
		`{"centroids":[[1.5,-0.5]],"sizes":[1]}`,
		`{"centroids":[[0.5,0.5]],"sizes":[-1]}`,
		`{"centroids":[[0.5,0.5]],"sizes":[1],"min_postings":-1}`,
	} {
		if _, err := UnmarshalClusters([]byte(bad)); err == nil {
			t.Errorf("UnmarshalClusters(%q) accepted bad clusters", bad)
		}
	}
}

// BenchmarkKMeans clusters 1,000,000 daily patterns into K = 12 clusters:
// noisy copies of 12 shapes, run to convergence, and structureless
// patterns (independent exponential bins), the slow case, with a tolerance
// of 0.1%.
func BenchmarkKMeans(b *testing.B) {
	var bases []Pattern
	for c := range 12 {
		bases = append(bases, bump(float64(c)*2))
	}
	clustered, _ := noisy(rand.New(rand.NewPCG(8, 8)), bases, 1_000_000)
	r := rand.New(rand.NewPCG(8, 9))
	structureless := make([]Pattern, 1_000_000)
	for i := range structureless {
		p := make(Pattern, 24)
		for h := range p {
			p[h] = r.ExpFloat64()
		}
		structureless[i] = p
	}
	for _, bc := range []struct {
		name     string
		patterns []Pattern
		cfg      KMeansConfig
	}{
		{"clustered", clustered, KMeansConfig{Seed: 1}},
		{"structureless", structureless, KMeansConfig{Seed: 1, Tolerance: 1e-3}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var rounds int
			for b.Loop() {
				cl, _, err := KMeans(bc.patterns, bc.cfg)
				if err != nil {
					b.Fatal(err)
				}
				rounds = cl.Rounds
			}
			b.ReportMetric(float64(rounds), "rounds")
		})
	}
}
