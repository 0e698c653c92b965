package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestChangeRateRegular(t *testing.T) {
	tests := []struct {
		name     string
		n, x     int
		interval time.Duration
		want     float64
	}{
		// −ln(2.5/4.5) = ln 1.8 per hour.
		{"half changed", 4, 2, time.Hour, math.Log(1.8)},
		{"nothing changed", 10, 0, time.Hour, 0},
		// All changed stays finite: ln(2n + 1)/I = ln 9 / 2 h.
		{"all changed", 4, 4, 2 * time.Hour, math.Log(9) / 2},
		{"daily fetches", 1, 1, 24 * time.Hour, math.Log(3) / 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ChangeRateRegular(tc.n, tc.x, tc.interval)
			if err != nil || math.Abs(got-tc.want) > 1e-12 {
				t.Fatalf("ChangeRateRegular = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	for _, bad := range []struct {
		n, x int
		i    time.Duration
	}{{0, 0, time.Hour}, {3, 4, time.Hour}, {3, -1, time.Hour}, {3, 1, 0}, {3, 1, -time.Hour}} {
		if _, err := ChangeRateRegular(bad.n, bad.x, bad.i); err == nil {
			t.Errorf("ChangeRateRegular(%d, %d, %v) accepted bad input", bad.n, bad.x, bad.i)
		}
	}
}

func TestChangeRateIrregular(t *testing.T) {
	h := time.Hour
	tests := []struct {
		name   string
		checks []ChangeCheck
		want   ChangeRate
	}{
		// 1/(e^r − 1) = 1: r = ln 2.
		{"one of two", []ChangeCheck{{h, true}, {h, false}}, ChangeRate{Rate: math.Ln2}},
		// Regular intervals reduce to −ln(1 − X/n)/I: 3 of 4 give ln 4.
		{"regular case", []ChangeCheck{{h, true}, {h, true}, {h, false}, {h, true}}, ChangeRate{Rate: math.Log(4)}},
		// 2/(e^{2r} − 1) = 1 + 3: e^{2r} = 1.5, r = ln(1.5)/2.
		{"irregular", []ChangeCheck{{2 * h, true}, {h, false}, {3 * h, false}}, ChangeRate{Rate: math.Log(1.5) / 2}},
		{"no change", []ChangeCheck{{h, false}, {5 * h, false}}, ChangeRate{}},
		// All changed: the stand-in ln(2n + 1)/mean = ln 5 / 2 h.
		{"all changed", []ChangeCheck{{h, true}, {3 * h, true}}, ChangeRate{Rate: math.Log(5) / 2, Unbounded: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ChangeRateIrregular(tc.checks)
			if err != nil || got.Unbounded != tc.want.Unbounded || math.Abs(got.Rate-tc.want.Rate) > 1e-9 {
				t.Fatalf("ChangeRateIrregular = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	for _, bad := range [][]ChangeCheck{nil, {{0, true}}, {{h, true}, {-h, false}}} {
		if _, err := ChangeRateIrregular(bad); err == nil {
			t.Errorf("ChangeRateIrregular(%v) accepted bad input", bad)
		}
	}
}

// changedSince reports whether a Poisson process of the given rate has an
// event in the next tau hours.
func changedSince(r *rand.Rand, rate, tau float64) bool {
	return r.ExpFloat64()/rate < tau
}

func TestChangeRatesRecoverSimulatedPages(t *testing.T) {
	tests := []struct {
		name string
		rate float64 // changes per hour
	}{
		{"slow page", 0.05},
		{"page changing about as often as fetched", 0.4},
		{"fast page", 1.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(13, 17))
			const n = 3000
			x := 0
			for range n {
				if changedSince(r, tc.rate, 2) {
					x++
				}
			}
			regular, err := ChangeRateRegular(n, x, 2*time.Hour)
			if err != nil || math.Abs(regular-tc.rate)/tc.rate > 0.1 {
				t.Errorf("regular estimate %v, %v; want %v within 10%%", regular, err, tc.rate)
			}
			checks := make([]ChangeCheck, n)
			for i := range checks {
				tau := 0.25 + r.Float64()*3.75
				checks[i] = ChangeCheck{time.Duration(tau * float64(time.Hour)), changedSince(r, tc.rate, tau)}
			}
			ml, err := ChangeRateIrregular(checks)
			if err != nil || ml.Unbounded || math.Abs(ml.Rate-tc.rate)/tc.rate > 0.1 {
				t.Errorf("maximum-likelihood estimate %+v, %v; want %v within 10%%", ml, err, tc.rate)
			}
		})
	}
}
