package policy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"vigil/estimate"
)

// poolFeed is a view whose hour histogram holds n items drawn from the
// shape truth, of ages spread evenly over ten half-lives and decayed as
// estimate.HourShape decays them (a share dated of their weight dated),
// and whose daily rates are that histogram's, as an untracked view's
// would be. Such counts are worth about 0.29·n undecayed items, twice
// their decayed total (HourShape.DatedSize).
func poolFeed(rng *rand.Rand, truth []float64, n int, dated float64) *Source {
	counts := make([]float64, 24)
	total, sq := 0.0, 0.0
	for range n {
		u, h := rng.Float64(), 0
		for acc := truth[0]; u > acc && h < 23; acc += truth[h] {
			h++
		}
		w := math.Exp2(-10 * rng.Float64())
		counts[h] += w
		total, sq = total+w, sq+w*w
	}
	m := NewModels(0.1, time.Date(2013, 6, 3, 0, 0, 0, 0, time.UTC))
	m.Posted = &estimate.HourShape{HalfLife: estimate.DefaultShapeHalfLife, Counts: counts, Dated: dated * total, DatedSq: dated * sq}
	m.Daily.Rates = append([]float64(nil), counts...)
	return &Source{Models: m}
}

// peaked is a daily shape with weight w at hour peak over a flat rest.
func peaked(peak int, w float64) []float64 {
	out := make([]float64, 24)
	for h := range out {
		out[h] = (1 - w) / 24
	}
	out[peak] += w
	return out
}

// shapeError is the mean over views of Σ_h (p_h − truth_h)², p each
// view's daily rates over their sum.
func shapeError(views []*Source, truths [][]float64) float64 {
	sum := 0.0
	for i, v := range views {
		total := 24 * levelOfHours(v.Models.Daily.Rates)
		for h, r := range v.Models.Daily.Rates {
			d := r/total - truths[i][h]
			sum += d * d
		}
	}
	return sum / float64(len(views))
}

// TestPoolShapes checks poolShapes against populations whose shapes are
// known: feeds sharing one shape, seen through about 30 items' worth
// each, must come much closer to it; feeds with shapes of their own, seen
// through about 2,000, must keep them (their peaks, and no worse an error); feeds whose
// histograms are mostly imputed, and too few feeds, are left as they are.
// Every feed keeps its level. Fixed seeds.
func TestPoolShapes(t *testing.T) {
	shared := peaked(14, 0.2)
	for _, tc := range []struct {
		name  string
		feeds int
		items int
		dated float64
		own   bool // each feed's true peak at its own hour
		// gain is the least factor by which the error must fall (1: it
		// must not rise by more than 5%); 0: nothing may change.
		gain float64
	}{
		{name: "one shape, few items", feeds: 60, items: 100, dated: 1, gain: 3},
		{name: "shapes of their own, many items", feeds: 48, items: 7000, dated: 1, own: true, gain: 1},
		{name: "mostly imputed", feeds: 60, items: 100, dated: 0.5},
		{name: "too few feeds", feeds: poolBelow - 1, items: 100, dated: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 5))
			views, truths := make([]*Source, tc.feeds), make([][]float64, tc.feeds)
			for i := range views {
				truths[i] = shared
				if tc.own {
					truths[i] = peaked(i%24, 0.5)
				}
				views[i] = poolFeed(rng, truths[i], tc.items, tc.dated)
			}
			before := make([][]float64, len(views))
			for i, v := range views {
				before[i] = append([]float64(nil), v.Models.Daily.Rates...)
			}
			errBefore := shapeError(views, truths)
			poolShapes(views)
			errAfter := shapeError(views, truths)
			t.Logf("shape error %.5f before, %.5f after", errBefore, errAfter)
			for i, v := range views {
				if got, want := levelOfHours(v.Models.Daily.Rates), levelOfHours(before[i]); math.Abs(got-want) > 1e-9*want {
					t.Fatalf("feed %d: level %v after pooling, want %v kept", i, got, want)
				}
				if tc.gain == 0 && !slices.Equal(v.Models.Daily.Rates, before[i]) {
					t.Fatalf("feed %d was pooled: %v, want %v as it was", i, v.Models.Daily.Rates, before[i])
				}
				if tc.own && peakHour(v.Models.Daily.Rates) != i%24 {
					t.Fatalf("feed %d: peak moved to %02d:00 from its own %02d:00", i, peakHour(v.Models.Daily.Rates), i%24)
				}
			}
			switch {
			case tc.gain > 1 && errAfter*tc.gain > errBefore:
				t.Fatalf("error %.5f → %.5f: want it cut by %v×", errBefore, errAfter, tc.gain)
			case tc.gain == 1 && errAfter > 1.05*errBefore:
				t.Fatalf("error %.5f → %.5f: want no rise over 5%%", errBefore, errAfter)
			}
		})
	}
}

// TestPoolStrength checks the estimated credibility strength: unbounded
// where the feeds' histograms differ by no more than their items explain,
// and small where their shapes truly differ.
func TestPoolStrength(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	var same, own []*Models
	for i := range 60 {
		same = append(same, poolFeed(rng, peaked(14, 0.2), 100, 1).Models)
		own = append(own, poolFeed(rng, peaked(i%24, 0.5), 7000, 1).Models)
	}
	if k := poolStrength(own); !(k < 5) {
		t.Errorf("feeds with shapes of their own: k = %v, want under 5 pseudo-items", k)
	}
	if k := poolStrength(same); !(k > 200) {
		t.Errorf("feeds sharing one shape: k = %v, want over 200 pseudo-items (or unbounded)", k)
	}
}

// histFeed is a view whose hour histogram has counts c (dated, worth n
// undecayed items) and whose daily rates are rates.
func histFeed(c []float64, n float64, rates []float64) *Source {
	counts, r := make([]float64, 24), make([]float64, 24)
	copy(counts, c)
	copy(r, rates)
	t := 0.0
	for _, x := range counts {
		t += x
	}
	m := NewModels(0.1, time.Date(2013, 6, 3, 0, 0, 0, 0, time.UTC))
	m.Posted = &estimate.HourShape{HalfLife: estimate.DefaultShapeHalfLife, Counts: counts, Dated: t, DatedSq: t * t / n}
	m.Daily.Rates = r
	return &Source{Models: m}
}

// TestPoolStrengthWorkedExample checks k on three feeds worked out by
// hand: histograms (3, 1), (1, 1) and (1, 3) over two hours, worth 4, 2
// and 8 items. x̄ = (3/7, 4/7); σ² = (4·0.375 + 2·0.5 + 8·0.375)/(3 + 1 +
// 7) = 1/2; the spread Σ n_i·|x_i − x̄|² = 19/14, so τ² = (19/14 − 2·½) /
// (14 − 84/14) = 5/112 and k = σ²/τ² = 11.2.
func TestPoolStrengthWorkedExample(t *testing.T) {
	pool := []*Models{
		histFeed([]float64{3, 1}, 4, []float64{1}).Models,
		histFeed([]float64{1, 1}, 2, []float64{1}).Models,
		histFeed([]float64{1, 3}, 8, []float64{1}).Models,
	}
	if k := poolStrength(pool); math.Abs(k-11.2) > 1e-9 {
		t.Fatalf("k = %.12f, want 11.2", k)
	}
}

// TestPoolShapesCollective checks the pooled shapes against the formula
// on feeds of unequal evidence: p̃_i = z_i·p_i + (1 − z_i)·p̄ with p̄ the
// shapes weighted by z (by evidence when k is +Inf, as when every
// histogram is the same).
func TestPoolShapesCollective(t *testing.T) {
	for _, tc := range []struct {
		name string
		hist func(i int) []float64
	}{
		{"shapes that differ", func(i int) []float64 { return []float64{float64(1 + i%3), float64(3 - i%3), 1} }},
		{"one histogram for all", func(int) []float64 { return []float64{2, 1, 1} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			views := make([]*Source, 12)
			shapes := make([][]float64, len(views))
			ns := make([]float64, len(views))
			for i := range views {
				ns[i] = float64(2 + 3*i)
				rates := make([]float64, 24)
				for h := range rates {
					rates[h] = 1 + float64((h*7+i*5)%11)
				}
				views[i] = histFeed(tc.hist(i), ns[i], rates)
				shapes[i] = append([]float64(nil), rates...)
			}
			k := poolStrength(pooled(views))
			z, sum := make([]float64, len(views)), 0.0
			var mean [24]float64
			for i := range views {
				z[i] = ns[i] / (ns[i] + k)
				w := z[i]
				if math.IsInf(k, 1) {
					w = ns[i]
				}
				total := 24 * levelOfHours(shapes[i])
				for h := range mean {
					mean[h] += w * shapes[i][h] / total
				}
				sum += w
			}
			poolShapes(views)
			for i, v := range views {
				total := 24 * levelOfHours(shapes[i])
				for h, got := range v.Models.Daily.Rates {
					want := z[i]*shapes[i][h] + (1-z[i])*total*mean[h]/sum
					if math.Abs(got-want) > 1e-9*total {
						t.Fatalf("k %.3f, feed %d hour %d: %.12f, want %.12f", k, i, h, got, want)
					}
				}
			}
			if tc.name == "one histogram for all" && !math.IsInf(k, 1) {
				t.Fatalf("k = %v for one histogram for all, want +Inf", k)
			}
		})
	}
}

// peakHour is the first hour of the highest rate.
func peakHour(x []float64) int { return slices.Index(x, slices.Max(x)) }
