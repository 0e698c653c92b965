package policy

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"vigil"
)

// placedUser returns the user policy with budget perDay and its
// placement of srcs, each source its own unit.
func placedUser(t *testing.T, perDay float64, srcs []*Source) (*scheduled, *placement) {
	t.Helper()
	cfg := DefaultConfig
	cfg.PerDay = perDay
	return placedUserWith(t, cfg, srcs)
}

// placedUserWith is placedUser under cfg.
func placedUserWith(t *testing.T, cfg Config, srcs []*Source) (*scheduled, *placement) {
	t.Helper()
	p := newScheduled("user", cfg, userStrategy)
	p.unitAccess, p.anyAccess = meanAccess(srcs)
	pl, err := p.newPlacement(srcs)
	if err != nil {
		t.Fatal(err)
	}
	return p, pl
}

// readAt returns 24 hourly access rates, perDay accesses a day, all in
// the given hours alike.
func readAt(perDay float64, hours ...int) []float64 {
	out := make([]float64, 24)
	for _, h := range hours {
		out[h] = perDay / float64(len(hours))
	}
	return out
}

// modelledCost is Σ a_i·f_i(x_i), the cost placedShares minimises, for
// whole daily counts m (below one a day: a_i·(g(1) + (1/x − 1)/2)).
func modelledCost(t *testing.T, p *scheduled, pl *placement, srcs []*Source, shares []float64) float64 {
	t.Helper()
	total := 0.0
	for i, s := range srcs {
		a := p.costWeight(s) * s.Models.RatePerDay()
		m := max(1, int(shares[i]))
		g, err := pl.unitCost(pl.unit[i], m)
		if err != nil {
			t.Fatal(err)
		}
		if shares[i] < 1 {
			g += (1/shares[i] - 1) / 2
		}
		total += a * g
	}
	return total
}

// TestPlacedSharesAreTheorem1BelowOneADay checks that where every share
// is below one fetch a day placedShares is Sia & Cho's Theorem 1: the
// placed costs only decide whole daily fetches.
func TestPlacedSharesAreTheorem1BelowOneADay(t *testing.T) {
	var srcs []*Source
	for i, perDay := range []float64{0.5, 2, 8, 30} {
		s := source(int64(i+1), perDay, nil)
		s.Access = readAt(3, 7, 19)
		srcs = append(srcs, s)
	}
	p, pl := placedUser(t, 2, srcs)
	got, err := p.placedShares(srcs, pl)
	if err != nil {
		t.Fatal(err)
	}
	want := countSqrt(p, srcs)
	for i := range srcs {
		if want[i] >= 1 {
			t.Fatalf("the example needs every share below one a day, Theorem 1 gives %v", want)
		}
		if math.Abs(got[i]-want[i]) > 1e-9*want[i] {
			t.Errorf("source %d: share %.6f, Theorem 1 %.6f", i+1, got[i], want[i])
		}
	}
}

// TestUnitCostOfEvenFetches checks the normalisation of unitCost: m
// evenly spaced fetches of a source with no learned shape cost 1/(2m),
// and so do m fetches placed on a flat learned pattern with flat
// accesses.
func TestUnitCostOfEvenFetches(t *testing.T) {
	flatSrc := &Source{ID: 1, Models: NewModels(0.1, t0)}
	flatSrc.Models.EWMA.Rate, flatSrc.Models.EWMA.N = 1, 1
	flatSrc.Models.Daily.Rates, flatSrc.Models.Daily.N = flat(24), 1
	flatSrc.Access = flat(24)
	bare := &Source{ID: 2, Models: NewModels(0.1, t0)}
	srcs := []*Source{flatSrc, bare}
	_, pl := placedUser(t, 10, srcs)
	for i := range srcs {
		for _, m := range []int{1, 2, 3, 4, 8} {
			got, err := pl.unitCost(pl.unit[i], m)
			if err != nil {
				t.Fatal(err)
			}
			if want := 1 / (2 * float64(m)); math.Abs(got-want) > 1e-9 {
				t.Errorf("source %d, %d fetches: cost %.9f, want %.9f", i+1, m, got, want)
			}
		}
	}
}

// TestPlacedSharesAreTheBestWholeCounts checks placedShares against every
// split of the same whole fetches among four sources with random daily
// patterns and readers (fixed seed): none costs less under the placed
// costs it minimises.
func TestPlacedSharesAreTheBestWholeCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 5 {
		var srcs []*Source
		for i := range 4 {
			hourly, access := make([]float64, 24), make([]float64, 24)
			for h := range hourly {
				hourly[h] = rng.Float64() * (1 + 4*float64(i))
				access[h] = math.Pow(rng.Float64(), 4) * 2
			}
			s := source(int64(i+1), 0, hourly)
			s.Access = access
			srcs = append(srcs, s)
		}
		p, pl := placedUser(t, 14, srcs)
		got, err := p.placedShares(srcs, pl)
		if err != nil {
			t.Fatal(err)
		}
		whole := 0
		for i, x := range got {
			if x < 1 || x != math.Trunc(x) {
				t.Fatalf("trial %d: source %d has share %v, the example needs whole daily counts", trial, i+1, x)
			}
			whole += int(x)
		}
		if whole != 14 {
			t.Fatalf("trial %d: the shares %v add up to %d of a budget of 14", trial, got, whole)
		}
		best, bestSplit := math.Inf(1), []float64(nil)
		for a := 1; a < whole; a++ {
			for b := 1; a+b < whole; b++ {
				for c := 1; a+b+c < whole; c++ {
					split := []float64{float64(a), float64(b), float64(c), float64(whole - a - b - c)}
					if cost := modelledCost(t, p, pl, srcs, split); cost < best {
						best, bestSplit = cost, split
					}
				}
			}
		}
		if cost := modelledCost(t, p, pl, srcs, got); cost > best*(1+1e-12) {
			t.Errorf("trial %d: placedShares %v costs %.6f, the split %v %.6f", trial, got, cost, bestSplit, best)
		}
	}
}

// TestPlacedSharesFollowTheReadersHours checks the reason for the rule:
// a busy feed whose readers all look in one hour gains little from a
// second fetch once one is placed just before that hour, so it gets fewer
// fetches than Theorem 1 gives it and the others get more; the budget is
// spent as before, the modelled misses fall, and a silent feed keeps its
// weekly floor.
func TestPlacedSharesFollowTheReadersHours(t *testing.T) {
	busy := source(1, 96, nil)
	busy.Access = readAt(4, 8)
	srcs := []*Source{busy}
	for i := range 6 {
		s := source(int64(i+2), 6, nil)
		s.Access = flat(24)
		srcs = append(srcs, s)
	}
	silent := source(9, 0, nil)
	silent.Access = flat(24)
	srcs = append(srcs, silent)

	p, pl := placedUser(t, 20, srcs)
	placed, err := p.placedShares(srcs, pl)
	if err != nil {
		t.Fatal(err)
	}
	sqrt := countSqrt(p, srcs)
	daily := p.integerCounts(srcs, sqrt)
	for i := range sqrt {
		if daily[i] > 0 {
			sqrt[i] = float64(daily[i])
		}
	}
	if placed[0] >= sqrt[0] {
		t.Errorf("the feed read in one hour gets %v fetches a day, Theorem 1 %v: want fewer", placed[0], sqrt[0])
	}
	for i := 1; i < 7; i++ {
		if placed[i] < sqrt[i] {
			t.Errorf("feed %d read all day gets %v, Theorem 1 %v: want no fewer", i+1, placed[i], sqrt[i])
		}
	}
	if placed[7] != 1.0/7 {
		t.Errorf("the silent feed gets %v fetches a day, want its weekly floor", placed[7])
	}
	sum := 0.0
	for _, x := range placed {
		sum += x
	}
	if sum > 20+1e-9 || sum < 19 {
		t.Errorf("the shares add up to %v of a budget of 20", sum)
	}
	if pc, sc := modelledCost(t, p, pl, srcs, placed), modelledCost(t, p, pl, srcs, sqrt); pc >= sc {
		t.Errorf("modelled misses %.4f with the placed shares, %.4f with Theorem 1's", pc, sc)
	}
}

// TestSqrtAllocationSetting checks that Config.SqrtAllocation brings back
// Theorem 1's split in a whole plan, through the live monitor.
func TestSqrtAllocationSetting(t *testing.T) {
	now := t0
	feeds := make([]vigil.Feed, 8)
	readers := make([]vigil.Reader, 0, 8)
	for i := range feeds {
		feeds[i] = vigil.Feed{ID: int64(i + 1), Subscribers: 1, Weight: 1, CreatedAt: now.Add(-30 * 24 * time.Hour), NextFetch: now}
		readers = append(readers, vigil.Reader{UserID: 1, FeedID: int64(i + 1), Weight: 1})
	}
	plans := map[bool]map[int64]time.Time{}
	for _, sqrt := range []bool{false, true} {
		cfg := DefaultConfig
		cfg.SqrtAllocation = sqrt
		l, err := NewLive("user", cfg, 0.1, 20, 4)
		if err != nil {
			t.Fatal(err)
		}
		for i := range feeds {
			f := &feeds[i]
			for at := now.Add(-14 * 24 * time.Hour); at.Before(now); at = at.Add(time.Hour) {
				n := 0
				if f.ID == 1 || at.Hour() == 0 {
					n = 4 // feed 1 posts four an hour, the others four a day
				}
				items := make([]vigil.Item, n)
				for k := range items {
					items[k].Published = at.Add(-time.Duration(k+1) * time.Minute)
				}
				if err := l.Observe(f, vigil.Observation{At: at, NewItems: n}, items); err != nil {
					t.Fatal(err)
				}
				f.LastFetch, f.LastSuccess = at, at
			}
		}
		var looks []time.Time
		for d := 14; d >= 1; d-- {
			looks = append(looks, now.Add(-time.Duration(d)*24*time.Hour+8*time.Hour))
		}
		next, err := l.Replan(feeds, readers, map[int64][]time.Time{1: looks}, now)
		if err != nil {
			t.Fatal(err)
		}
		plans[sqrt] = next
	}
	same := true
	for id, t1 := range plans[false] {
		same = same && t1.Equal(plans[true][id])
	}
	if same {
		t.Fatalf("the two allocations planned the same next fetches: %v", plans[false])
	}
}

// TestPlacedSharesSplitTies checks that the budget is spent when many
// sources' next whole fetches gain alike, so that one threshold takes all
// of them or none: ten alike feeds, each fetched at least daily, share 15
// fetches a day as ten and five more, the first five in source order.
func TestPlacedSharesSplitTies(t *testing.T) {
	var srcs []*Source
	for i := range 10 {
		s := source(int64(i+1), 12, nil)
		s.Access = readAt(6, 9, 21)
		srcs = append(srcs, s)
	}
	cfg := DefaultConfig
	cfg.PerDay, cfg.MaxInterval = 15, 24*time.Hour
	p, pl := placedUserWith(t, cfg, srcs)
	got, err := p.placedShares(srcs, pl)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range got {
		want := 1.0
		if i < 5 {
			want = 2
		}
		if x != want {
			t.Errorf("source %d: %v fetches a day, want %v", i+1, x, want)
		}
	}
}

// TestUnitCostIsAShare checks that unitCost is a share of a day's
// postings times a day's accesses: scaling a source's rates or its
// readers' accesses leaves it alone, and one fetch placed before the
// only hour the readers look costs far less than the half of even
// spacing.
func TestUnitCostIsAShare(t *testing.T) {
	base := source(1, 24, nil)
	base.Access = readAt(3, 8)
	busier := source(2, 240, nil)
	busier.Access = readAt(30, 8)
	_, pl := placedUser(t, 4, []*Source{base, busier})
	for m := 1; m <= 3; m++ {
		a, err := pl.unitCost(0, m)
		if err != nil {
			t.Fatal(err)
		}
		b, err := pl.unitCost(1, m)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a-b) > 0.02*a {
			t.Errorf("%d fetches: cost %.5f, and %.5f with ten times the rate and accesses", m, a, b)
		}
		if m == 1 && a > 0.1 {
			t.Errorf("one fetch before the readers' one hour costs %.4f of a day's postings an access, want far below 1/2", a)
		}
	}
}

// TestPlacedSharesKeepWholeFloors checks that floors of more than a fetch
// a day that take the whole budget are spent whole: ten feeds, each
// showing eight items and posting 12 a day (saturation floors of 1.5 a
// day, 15 in all), share 15 fetches a day, not ten.
func TestPlacedSharesKeepWholeFloors(t *testing.T) {
	var srcs []*Source
	for i := range 10 {
		s := source(int64(i+1), 12, nil)
		s.Models.EWMA.Rate = 0.5 // exactly 12 a day
		s.Window = 8
		s.Access = flat(24)
		srcs = append(srcs, s)
	}
	cfg := DefaultConfig
	cfg.PerDay, cfg.MaxInterval = 15, 48*time.Hour // floors of 0.5 + 1.0 a day, exactly 15 in all
	p, pl := placedUserWith(t, cfg, srcs)
	got, err := p.placedShares(srcs, pl)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i, x := range got {
		if x < 1 || x != math.Trunc(x) {
			t.Errorf("source %d: %v fetches a day, want a whole count of at least one", i+1, x)
		}
		sum += x
	}
	if sum != 15 {
		t.Errorf("the shares %v add up to %v of a budget of 15", got, sum)
	}
}

// TestPlacedSharesFillEqualGains checks fill where one source's clamped
// gains are equal, so that one threshold gives it several fetches at
// once: placed costs of 0.11, 0.10 and then falling as 1/m make the
// gains from the second fetch on all 0.01, and a lone source with a
// budget of 4 gets all four.
func TestPlacedSharesFillEqualGains(t *testing.T) {
	s := source(1, 24, nil)
	s.Access = flat(24)
	p, pl := placedUser(t, 4, []*Source{s})
	pl.costs[0] = []float64{0.11, 0.10, 0.10 * 2 / 3, 0.05}
	got, err := p.placedShares([]*Source{s}, pl)
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 4 {
		t.Errorf("the lone source gets %v fetches a day of a budget of 4", got[0])
	}
}

// TestPlacedSharesEnd checks the bisection's two ends: a source whose
// rate is too small for Theorem 1's first θ to be a number, and a budget
// larger than every ceiling, which leaves the rest unspent.
func TestPlacedSharesEnd(t *testing.T) {
	tiny := source(1, 0, nil)
	tiny.Models.EWMA.Rate = 1e-320
	tiny.Access = flat(24)
	p, pl := placedUser(t, 2, []*Source{tiny})
	if got, err := p.placedShares([]*Source{tiny}, pl); err != nil || got[0] > 2 {
		t.Errorf("a source with a vanishing rate: shares %v, %v", got, err)
	}
	capped := source(2, 24, nil)
	capped.Access = flat(24)
	capped.Hints.TTL = 6 * time.Hour // at most four fetches a day
	p, pl = placedUser(t, 100, []*Source{capped})
	got, err := p.placedShares([]*Source{capped}, pl)
	if err != nil || got[0] != 4 {
		t.Errorf("a source capped at four a day with a budget of 100: shares %v, %v", got, err)
	}
}

// TestPlacedSharesKeepBounds checks, over random populations (fixed
// seed: rates from none to hundreds a day, windows, hinted intervals,
// readers or none, budgets from a tenth to ten fetches a source a day),
// that every share keeps its source's bounds, that shares of a fetch a
// day or more are whole, and that the shares never exceed the budget
// unless the floors alone do, nor leave a whole fetch of it unspent
// unless the ceilings do (a source expected to bring no misses, with no
// rate or no readers' accesses, keeps its floor).
func TestPlacedSharesKeepBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for trial := range 40 {
		n := 1 + rng.IntN(30)
		var srcs []*Source
		for i := range n {
			perDay := 0.0
			if rng.IntN(5) > 0 {
				perDay = math.Exp(rng.Float64()*9 - 3) // 0.05 to 400 a day
			}
			s := source(int64(i+1), perDay, nil)
			if rng.IntN(3) == 0 {
				s.Window = 1 + rng.IntN(20)
			}
			if rng.IntN(4) == 0 {
				s.Hints.TTL = time.Duration(1+rng.IntN(48)) * time.Hour
			}
			if rng.IntN(4) > 0 {
				s.Access = make([]float64, 24)
				for h := range s.Access {
					s.Access[h] = math.Pow(rng.Float64(), 3) * 4
				}
			}
			srcs = append(srcs, s)
		}
		perDay := float64(n) * math.Exp(rng.Float64()*4.6-2.3)
		p, pl := placedUser(t, perDay, srcs)
		got, err := p.placedShares(srcs, pl)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		base, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
		for i, s := range srcs {
			base[i], hi[i] = p.cfg.baseBounds(s)
			lo[i], _ = p.cfg.bounds(s)
		}
		fitFloors(base, lo, perDay)
		sum, floors, most := 0.0, 0.0, 0.0
		for i, x := range got {
			switch {
			case !(p.costWeight(srcs[i])*srcs[i].Models.RatePerDay() > 0):
				most += x // a source expected to bring no misses keeps its floor
			case hi[i] < 1:
				most += hi[i]
			default:
				most += math.Floor(hi[i])
			}
			floor := min(lo[i], hi[i])
			if floor >= 1 {
				floor = math.Floor(floor)
			}
			floors += floor
			sum += x
			if x < floor-1e-9 || x > max(hi[i], 1)+1e-9 {
				t.Errorf("trial %d, source %d: share %v outside [%v, %v]", trial, i+1, x, floor, hi[i])
			}
			if x >= 1 && x != math.Trunc(x) {
				t.Errorf("trial %d, source %d: share %v of more than a fetch a day is not whole", trial, i+1, x)
			}
		}
		if sum > perDay+1e-6 && sum > floors+1e-6 {
			t.Errorf("trial %d: shares add up to %v of a budget of %v (floors %v)", trial, sum, perDay, floors)
		}
		if most >= perDay && sum < perDay-1-1e-6 {
			t.Errorf("trial %d: shares add up to %v of a budget of %v that the ceilings (%v) allow", trial, sum, perDay, most)
		}
	}
}
