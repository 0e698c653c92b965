package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// at returns t0 plus h hours.
func at(h float64) time.Time {
	return t0.Add(time.Duration(h * float64(time.Hour)))
}

// ramp returns a daily model whose slot i has rate i+1.
func ramp(alpha float64) *Periodic {
	p := NewDaily(alpha)
	for i := range p.Rates {
		p.Rates[i] = float64(i + 1)
	}
	return p
}

func TestPeriodicExpected(t *testing.T) {
	p := ramp(0.1)
	tests := []struct {
		name     string
		from, to float64 // hours after t0, a midnight UTC
		want     float64
	}{
		{"inside one slot", 1.25, 1.75, 0.5 * 2},
		{"partial first and last slots", 1.5, 3.25, 0.5*2 + 3 + 0.25*4},
		{"wraps midnight", 23.5, 24.5, 0.5*24 + 0.5*1},
		{"one whole period from mid-slot", 5.5, 29.5, 300},
		{"longer than a period", 23.5, 48.5, 300 + 0.5*24 + 0.5*1},
		{"several periods", 0, 24 * 7, 7 * 300},
		{"empty", 3, 3, 0},
		{"reversed", 4, 3, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.Expected(at(tc.from), at(tc.to)); math.Abs(got-tc.want) > 1e-9 {
				t.Fatalf("Expected = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPeriodicObserveByHand(t *testing.T) {
	flat := func(weighted bool) *Periodic {
		p := NewDaily(0.5)
		p.Weighted = weighted
		p.fill(1)
		return p
	}
	zero := func(seeded bool) *Periodic {
		p := NewDaily(0.1)
		p.Seeded = seeded
		return p
	}
	oneSlot := zero(true)
	oneSlot.Rates[5] = 1
	tests := []struct {
		name     string
		p        *Periodic
		from, to float64
		x        int
		want     map[int]float64 // slots that must hold these rates
		rest     float64         // every other slot
	}{
		// D = 0.5·1 + 1 + 0.25·1 = 1.75, x/D = 4: λ = 0.5·1·4 + 0.5·1 = 2.5.
		{"proportional", flat(false), 1.5, 3.25, 7, map[int]float64{1: 2.5, 2: 2.5, 3: 2.5}, 1},
		// Weighted: α·f = 0.25, 0.5, 0.125 for slots 1, 2, 3.
		{"weighted", flat(true), 1.5, 3.25, 7, map[int]float64{1: 0.25*4 + 0.75, 2: 2.5, 3: 0.125*4 + 0.875}, 1},
		// x = D leaves the model as it is.
		{"as expected", flat(false), 1.5, 3.25, 0, map[int]float64{1: 0.5, 2: 0.5, 3: 0.5}, 1},
		// Paper start at zero, D = 0: each covered slot gets α·x/|I| = 0.1·4/2.
		{"zero start spreads", zero(false), 10, 12, 4, map[int]float64{10: 0.2, 11: 0.2}, 0},
		// Seeded and empty: every slot starts at x/|I| = 2.
		{"seeded start fills", zero(true), 10, 12, 4, nil, 2},
		// Seeded but not empty: D = 0 spreads as the paper start does.
		{"seeded, covered slots at zero", oneSlot, 10, 12, 4, map[int]float64{5: 1, 10: 0.2, 11: 0.2}, 0},
		{"empty interval", flat(false), 3, 3, 9, nil, 1},
		{"negative count", flat(false), 1, 2, -1, nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.p.Observe(at(tc.from), at(tc.to), tc.x)
			for i, got := range tc.p.Rates {
				want, ok := tc.want[i]
				if !ok {
					want = tc.rest
				}
				if math.Abs(got-want) > 1e-12 {
					t.Errorf("slot %d = %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestPeriodicObserveLongInterval(t *testing.T) {
	p := NewDaily(0.5)
	p.fill(1)
	p.Rates[0] = 3
	// 48 h cover every slot fully: D = 2·(23 + 3) = 52; x = 104 doubles all.
	p.Observe(at(0.5), at(48.5), 104)
	for i, got := range p.Rates {
		want := 1.5
		if i == 0 {
			want = 4.5
		}
		if math.Abs(got-want) > 1e-12 {
			t.Fatalf("slot %d = %v, want %v", i, got, want)
		}
	}
}

func TestPeriodicTimeTo(t *testing.T) {
	p := ramp(0.1)
	tests := []struct {
		from, k float64
		want    time.Duration
	}{
		{1.5, 5, 105 * time.Minute}, // 1 + 3 + 1: to 03:15
		{1.5, 0, 0},
		{1.5, 300, 24 * time.Hour},
		{23.5, 12.5, time.Hour},
		{0, 601, 48*time.Hour + time.Hour},
	}
	for _, tc := range tests {
		got, ok := p.TimeTo(at(tc.from), tc.k)
		if !ok || (got-tc.want).Abs() > time.Microsecond {
			t.Errorf("TimeTo(%v h, %v) = %v %v, want %v", tc.from, tc.k, got, ok, tc.want)
		}
	}
	if _, ok := NewDaily(0.1).TimeTo(t0, 1); ok {
		t.Error("an all-zero model reported a time")
	}
	if _, ok := p.TimeTo(t0, -1); ok {
		t.Error("a negative count reported a time")
	}
}

func TestPeriodicSlotsAreUTC(t *testing.T) {
	w := NewWeekly(0.1)
	for i := range w.Rates {
		w.Rates[i] = float64(i)
	}
	wed := time.Date(2026, 1, 7, 13, 20, 0, 0, time.UTC) // a Wednesday
	paris := wed.In(time.FixedZone("UTC+2", 2*3600))
	before := time.Date(1960, 1, 4, 0, 30, 0, 0, time.UTC) // a Monday before the origin
	for _, tc := range []struct {
		t    time.Time
		want float64
	}{{wed, 2*24 + 13}, {paris, 2*24 + 13}, {before, 0}, {t0.Add(-time.Minute), 167}} {
		if got := w.Rate(tc.t); got != tc.want {
			t.Errorf("weekly Rate(%v) = %v, want slot %v", tc.t, got, tc.want)
		}
	}
	if got := ramp(0.1).Rate(paris); got != 14 {
		t.Errorf("daily Rate(%v) = %v, want slot 13's 14", paris, got)
	}
	// A stored model without an origin starts at year 1, also a midnight UTC.
	noOrigin := ramp(0.1)
	noOrigin.Origin = time.Time{}
	if got := noOrigin.Rate(wed); got != 14 {
		t.Errorf("daily Rate(%v) with a zero origin = %v, want slot 13's 14", wed, got)
	}
}

func TestNewPeriodic(t *testing.T) {
	if p, err := NewPeriodic(12*time.Hour, 48, t0, 0.2); err != nil || len(p.Rates) != 48 || p.slot() != 15*time.Minute {
		t.Fatalf("NewPeriodic(12h, 48) = %+v, %v", p, err)
	}
	for _, tc := range []struct {
		period time.Duration
		slots  int
		alpha  float64
	}{{0, 24, 0.1}, {time.Hour, 0, 0.1}, {time.Hour, 7, 0.1}, {time.Hour, 4, 0}, {time.Hour, 4, 1.5}} {
		if _, err := NewPeriodic(tc.period, tc.slots, t0, tc.alpha); err == nil {
			t.Errorf("NewPeriodic(%v, %d, %v) accepted bad parameters", tc.period, tc.slots, tc.alpha)
		}
	}
}

func TestUnmarshalPeriodic(t *testing.T) {
	good := ramp(0.2)
	good.Weighted = true
	good.Observe(at(1), at(2), 3)
	b, err := good.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalPeriodic(b)
	if err != nil || !back.Origin.Equal(good.Origin) || back.Weighted != good.Weighted || back.N != 1 || distance(back.Rates, [24]float64(good.Rates)) != 0 {
		t.Fatalf("round trip = %+v, %v; want %+v", back, err, good)
	}
	if _, err := UnmarshalPeriodic([]byte(`{"period":3600000000000,"alpha":0.1,"rates":[1,2]}`)); err != nil {
		t.Fatalf("UnmarshalPeriodic rejected a valid model: %v", err)
	}
	for _, bad := range []string{
		"", "{", `[]`,
		`{"period":86400000000000,"alpha":0.1,"rates":[]}`,
		`{"period":0,"alpha":0.1,"rates":[1]}`,
		`{"period":1000,"alpha":0.1,"rates":[1]}`,
		`{"period":10000000000,"alpha":0.1,"rates":[1,1,1]}`,
		`{"period":3600000000000,"alpha":0,"rates":[1]}`,
		`{"period":3600000000000,"alpha":0.1,"rates":[-1]}`,
		`{"period":3600000000000,"alpha":0.1,"rates":[1],"n":-2}`,
		`{"period":"a day","alpha":0.1,"rates":[1]}`,
	} {
		if _, err := UnmarshalPeriodic([]byte(bad)); err == nil {
			t.Errorf("UnmarshalPeriodic(%q) accepted a bad model", bad)
		}
	}
}

// refresh drives a model with fetches at intervals drawn uniformly in
// [lo, hi] hours over the given events, from start for the given hours, and
// returns the time of the last fetch.
func refresh(r *rand.Rand, p *Periodic, events []time.Time, start time.Time, hours, lo, hi float64) time.Time {
	now, end := start, start.Add(time.Duration(hours*float64(time.Hour)))
	for {
		next := now.Add(time.Duration((lo + r.Float64()*(hi-lo)) * float64(time.Hour)))
		if next.After(end) {
			return now
		}
		p.Observe(now, next, countIn(events, now, next))
		now = next
	}
}

func TestPeriodicConvergesOnDailyPattern(t *testing.T) {
	tests := []struct {
		name             string
		weighted, seeded bool
		alpha, level     float64
		maxErr           float64 // relative Euclidean distance after 8 weeks
	}{
		// The paper's zero start converges slowly: a slot still at zero only
		// learns from an interval that covers nothing but zero slots.
		{"paper", false, false, 0.1, 5, 0.5},
		{"seeded", false, true, 0.05, 2, 0.2},
		{"weighted", true, true, 0.05, 2, 0.15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			truth := waveRates(tc.level)
			r := rand.New(rand.NewPCG(7, 11))
			end := t0.Add(8 * 7 * 24 * time.Hour)
			events := poissonTimes(r, hourly(truth), maxOf(truth), t0, end)
			p := NewDaily(tc.alpha)
			p.Weighted, p.Seeded = tc.weighted, tc.seeded
			refresh(r, p, events, t0, 8*7*24, 1.0/6, 2) // Horincar et al. §6: 10 min to 2 h
			rel := distance(p.Rates, truth) / norm(truth)
			t.Logf("relative distance %.3f", rel)
			if rel > tc.maxErr {
				t.Fatalf("relative distance to the true pattern %.3f, want ≤ %v; rates %v", rel, tc.maxErr, p.Rates)
			}
		})
	}
}

// TestPeriodicRegimeChanges replays the robustness experiment of Horincar
// et al. §6 (Fig. 9): 16 weeks uniform, 16 weeks peaks, 16 weeks waves,
// refreshed every hour or every 24 hours on average. Refreshed hourly the
// model follows each change; refreshed daily it cannot see the peaks.
func TestPeriodicRegimeChanges(t *testing.T) {
	regimes := [][24]float64{uniformRates(1), peakRates(4), waveRates(1)}
	const weeks = 16
	run := func(lo, hi float64) []float64 {
		r := rand.New(rand.NewPCG(3, 5))
		p := NewDaily(0.05)
		var dists []float64
		start := t0
		for _, truth := range regimes {
			end := start.Add(weeks * 7 * 24 * time.Hour)
			events := poissonTimes(r, hourly(truth), maxOf(truth), start, end)
			start = refresh(r, p, events, start, weeks*7*24, lo, hi)
			dists = append(dists, distance(p.Rates, truth)/norm(truth))
		}
		return dists
	}
	hourlyDists, dailyDists := run(1.0/6, 2), run(4, 44)
	t.Logf("relative distance at each regime's end: hourly refresh %.2f, daily refresh %.2f", hourlyDists, dailyDists)
	for i, limit := range []float64{0.45, 0.35, 0.45} {
		if hourlyDists[i] > limit {
			t.Errorf("regime %d: hourly refresh ends at relative distance %.2f, want ≤ %v", i, hourlyDists[i], limit)
		}
	}
	if dailyDists[1] < 0.7 {
		t.Errorf("daily refresh ends the peaks regime at relative distance %.2f, want ≥ 0.7 (it cannot see hourly peaks)", dailyDists[1])
	}
}

func BenchmarkPeriodicObserve(b *testing.B) {
	for _, bc := range []struct {
		name string
		p    *Periodic
	}{{"daily", NewDaily(0.1)}, {"weekly", NewWeekly(0.1)}} {
		b.Run(bc.name, func(b *testing.B) {
			now := t0
			for i := 0; b.Loop(); i++ {
				next := now.Add(time.Duration(30+i%90) * time.Minute)
				bc.p.Observe(now, next, i%4)
				now = next
			}
		})
	}
}
