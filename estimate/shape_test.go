package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestDiagnoseByHand(t *testing.T) {
	counts := make([][24]float64, 2)
	counts[0][0], counts[1][0] = 2, 4 // μ_0 = 3, σ_0 = 1 (or √2 for a sample)
	tests := []struct {
		name string
		cfg  ShapeConfig
		cv   float64
	}{
		{"population", ShapeConfig{}, 1.0 / 3 / 24},
		{"sample", ShapeConfig{SampleStdDev: true}, math.Sqrt2 / 3 / 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Diagnose(counts, tc.cfg)
			if err != nil || math.Abs(d.CV-tc.cv) > 1e-12 || !d.Periodic || d.Mean[0] != 3 {
				t.Fatalf("Diagnose = %+v, %v; want CV %v, periodic", d, err, tc.cv)
			}
			// m = 3/24: hour 0 is busy, the rest quiet.
			if d.Shape != ShapePeaks || d.Busy != 1 || d.Quiet != 23 {
				t.Errorf("shape %s with %d busy, %d quiet; want peaks, 1, 23", d.Shape, d.Busy, d.Quiet)
			}
		})
	}
	empty, err := Diagnose(make([][24]float64, 3), ShapeConfig{})
	if err != nil || empty.Shape != ShapeNone || empty.Periodic {
		t.Errorf("no postings: %+v, %v; want shape none, not periodic", empty, err)
	}
}

func TestDiagnoseBadInput(t *testing.T) {
	one := make([][24]float64, 1)
	neg := make([][24]float64, 2)
	neg[1][5] = -1
	nan := make([][24]float64, 2)
	nan[0][3] = math.NaN()
	tests := []struct {
		name   string
		counts [][24]float64
		cfg    ShapeConfig
	}{
		{"one day", one, ShapeConfig{}},
		{"negative count", neg, ShapeConfig{}},
		{"NaN count", nan, ShapeConfig{}},
		{"low above 1", make([][24]float64, 2), ShapeConfig{Low: 1.5}},
		{"high below 1", make([][24]float64, 2), ShapeConfig{High: 0.5}},
		{"negative MaxCV", make([][24]float64, 2), ShapeConfig{MaxCV: -1}},
	}
	for _, tc := range tests {
		if _, err := Diagnose(tc.counts, tc.cfg); err == nil {
			t.Errorf("%s: Diagnose accepted bad input", tc.name)
		}
	}
	if _, err := DailyCounts(nil, t0, 0); err == nil {
		t.Error("DailyCounts accepted zero days")
	}
}

func TestDailyCounts(t *testing.T) {
	from := t0.Add(6 * time.Hour) // days need not start at midnight
	times := []time.Time{t0, from, from.Add(20 * time.Hour), from.Add(30 * time.Hour), from.Add(48 * time.Hour)}
	c, err := DailyCounts(times, from, 2)
	if err != nil || len(c) != 2 || c[0][6] != 1 || c[0][2] != 1 || c[1][12] != 1 || sum(c[0][:])+sum(c[1][:]) != 3 {
		t.Fatalf("DailyCounts = %v, %v", c, err)
	}
}

func TestDiagnoseSyntheticShapes(t *testing.T) {
	tests := []struct {
		name     string
		rates    [24]float64
		shape    Shape
		periodic bool
	}{
		{"robot peaks", peakRates(12), ShapePeaks, true},
		{"aggregator", uniformRates(4), ShapeUniform, true},
		{"human day", waveRates(3), ShapeWaves, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(31, 4))
			times := poissonTimes(r, hourly(tc.rates), maxOf(tc.rates), t0, t0.Add(28*24*time.Hour))
			counts, err := DailyCounts(times, t0, 28)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Diagnose(counts, ShapeConfig{})
			if err != nil || d.Shape != tc.shape || d.Periodic != tc.periodic {
				t.Fatalf("Diagnose = shape %s periodic %v (CV %.2f; quiet %d average %d busy %d), %v; want %s %v",
					d.Shape, d.Periodic, d.CV, d.Quiet, d.Average, d.Busy, err, tc.shape, tc.periodic)
			}
		})
	}
}

func TestDiagnoseAperiodicSource(t *testing.T) {
	// 48 items a day, all in one hour drawn at random: periodic on average
	// but not day by day, CV ≈ √23 ≈ 4.8.
	r := rand.New(rand.NewPCG(2, 2))
	counts := make([][24]float64, 28)
	for d := range counts {
		counts[d][r.IntN(24)] = 48
	}
	d, err := Diagnose(counts, ShapeConfig{})
	if err != nil || d.Periodic || d.CV < 3 {
		t.Fatalf("Diagnose = CV %.2f periodic %v, %v; want an aperiodic source", d.CV, d.Periodic, err)
	}
}
