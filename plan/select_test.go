package plan

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestGreedy(t *testing.T) {
	cases := []struct {
		name       string
		importance []float64
		m          int
		want       []int
	}{
		{"top three", []float64{3, 1, 4, 1, 5, 0, 2}, 3, []int{4, 2, 0}},
		{"ties to the lower index", []float64{1, 2, 1, 2}, 3, []int{1, 3, 0}},
		{"zero importance is never probed", []float64{0, 1, 0}, 2, []int{1}},
		{"more probes than channels", []float64{2, 1}, 5, []int{0, 1}},
		{"no probes", []float64{2, 1}, 0, []int{}},
		{"no channels", nil, 3, []int{}},
	}
	for _, c := range cases {
		got, err := Greedy(c.importance, c.m)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: Greedy = %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}

func TestSelectRejectsBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, imp := range [][]float64{{1, -1}, {math.NaN()}, {math.Inf(1)}} {
		if _, err := Greedy(imp, 1); err == nil {
			t.Errorf("Greedy(%v): no error", imp)
		}
		if _, err := Fair(imp, 1, rng); err == nil {
			t.Errorf("Fair(%v): no error", imp)
		}
	}
	if _, err := Greedy([]float64{1}, -1); err == nil {
		t.Error("negative probes: no error")
	}
	if _, err := Fair([]float64{1}, 1, nil); err == nil {
		t.Error("Fair without a random source: no error")
	}
}

// Fair draws ordered pairs with the probabilities of successive sampling:
// P(i then j) = w_i/S · w_j/(S − w_i).
func TestFairMatchesSuccessiveSampling(t *testing.T) {
	w := []float64{1, 2, 3, 4, 0}
	const draws = 60000
	rng := rand.New(rand.NewPCG(19, 20))
	freq := map[[2]int]float64{}
	for range draws {
		got, err := Fair(w, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0] == got[1] {
			t.Fatalf("draw %v: want two distinct channels", got)
		}
		freq[[2]int{got[0], got[1]}] += 1.0 / draws
	}
	s := 10.0
	for i := range 4 {
		for j := range 4 {
			if i == j {
				continue
			}
			want := w[i] / s * w[j] / (s - w[i])
			if got := freq[[2]int{i, j}]; math.Abs(got-want) > 0.006 {
				t.Errorf("P(%d then %d) = %.4f, want %.4f", i, j, got, want)
			}
		}
	}
	for k := range freq {
		if k[0] == 4 || k[1] == 4 {
			t.Fatalf("channel of zero importance drawn: %v", k)
		}
	}
}

func TestFairIsDeterministicPerSeed(t *testing.T) {
	w := make([]float64, 1000)
	for i := range w {
		w[i] = float64(i%7 + 1)
	}
	a, _ := Fair(w, 50, rand.New(rand.NewPCG(21, 22)))
	b, _ := Fair(w, 50, rand.New(rand.NewPCG(21, 22)))
	c, _ := Fair(w, 50, rand.New(rand.NewPCG(23, 24)))
	if !slices.Equal(a, b) || slices.Equal(a, c) || len(a) != 50 {
		t.Fatalf("same seed %v vs %v; other seed %v", a[:5], b[:5], c[:5])
	}
	few, _ := Fair([]float64{0, 3, 0}, 2, rand.New(rand.NewPCG(1, 2)))
	if !slices.Equal(few, []int{1}) {
		t.Fatalf("only one channel has importance, got %v", few)
	}
}
