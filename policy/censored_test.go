package policy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestCensoredItems(t *testing.T) {
	flat := make([]float64, 24)
	office := make([]float64, 24) // items only from 09:00 to 17:00 UTC
	for h := 9; h < 17; h++ {
		office[h] = 1
	}
	cases := []struct {
		name     string
		from, to time.Time
		x        int
		hourly   []float64
		want     []time.Time
	}{
		{"flat rates: even quantiles", t0, t0.Add(4 * time.Hour), 2, flat, []time.Time{t0.Add(time.Hour), t0.Add(3 * time.Hour)}},
		{"one item in the middle", t0, t0.Add(2 * time.Hour), 1, flat, []time.Time{t0.Add(time.Hour)}},
		{"only busy hours take items", t0, t0.Add(24 * time.Hour), 2, office, []time.Time{t0.Add(11 * time.Hour), t0.Add(15 * time.Hour)}},
		{"an interval of quiet hours falls back to time", t0, t0.Add(2 * time.Hour), 1, office, []time.Time{t0.Add(time.Hour)}},
		{"no items", t0, t0.Add(time.Hour), 0, flat, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, share := censoredItems(c.from, c.to, c.x, c.hourly)
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for i := range got {
				if !got[i].Equal(c.want[i]) {
					t.Fatalf("item %d at %v, want %v", i, got[i], c.want[i])
				}
			}
			sum := 0.0
			for _, s := range share {
				sum += s
			}
			if math.Abs(sum-float64(c.x)) > 1e-9 {
				t.Fatalf("shares sum to %v, want %d", sum, c.x)
			}
		})
	}
}

// TestCensoredCountsLearnTheDatedShape feeds one source posting only in
// office hours through fetches at irregular times, once with dates and once
// without: the level read from Recent and the dated daily shape learned
// from counts alone must come close to those learned from the dates.
func TestCensoredCountsLearnTheDatedShape(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var posts []time.Time
	for d := range 28 {
		for range 12 {
			posts = append(posts, t0.Add(time.Duration(d)*day+9*time.Hour+time.Duration(rng.Float64()*8*float64(time.Hour))))
		}
	}
	slices.SortFunc(posts, time.Time.Compare)
	dated, undated := NewModels(0.1, t0), NewModels(0.1, t0)
	at, k := t0, 0
	for at.Before(t0.Add(28 * day)) {
		j := k
		for j < len(posts) && !posts[j].After(at) {
			j++
		}
		dated.Observe(at, j-k, posts[k:j])
		undated.Observe(at, j-k, make([]time.Time, j-k))
		k = j
		at = at.Add(time.Duration((1 + 5*rng.Float64()) * float64(time.Hour)))
	}
	office := func(m *Models) float64 {
		in := 0.0
		for h := 9; h < 17; h++ {
			in += m.Posted.Counts[h]
		}
		return in / m.Posted.Total()
	}
	if got := office(undated); !(got >= 0.9) {
		t.Errorf("counts alone put %.2f of the shape in office hours, want ≥ 0.9 (dates: %.2f)", got, office(dated))
	}
	ld := recentLevel(dated, 72*time.Hour, 0)
	lu := recentLevel(undated, 72*time.Hour, 0)
	if math.Abs(lu-ld) > 0.1*ld {
		t.Errorf("recent level from counts %.3f/h, from dates %.3f/h: more than 10%% apart", lu, ld)
	}
}

// TestCensoredItemsStayInTheInterval places items over random intervals
// (fixed seed) under random rates, some hours at zero: every item falls in
// (from, to], in order, and the hourly shares sum to x.
func TestCensoredItemsStayInTheInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 500 {
		hourly := make([]float64, 24)
		for h := range hourly {
			if rng.IntN(3) > 0 {
				hourly[h] = rng.Float64()
			}
		}
		from := t0.Add(time.Duration(rng.Int64N(int64(48 * time.Hour))))
		to := from.Add(time.Duration(1 + rng.Int64N(int64(200*time.Hour))))
		x := rng.IntN(40)
		got, share := censoredItems(from, to, x, hourly)
		if len(got) != x || !slices.IsSortedFunc(got, time.Time.Compare) {
			t.Fatalf("%d items (want %d), sorted %v", len(got), x, slices.IsSortedFunc(got, time.Time.Compare))
		}
		for _, g := range got {
			if !g.After(from) && x > 0 || g.After(to) {
				t.Fatalf("item at %v outside (%v, %v]", g, from, to)
			}
		}
		sum := 0.0
		for _, s := range share {
			sum += s
		}
		if math.Abs(sum-float64(x)) > 1e-6 {
			t.Fatalf("shares sum to %v, want %d", sum, x)
		}
	}
}
