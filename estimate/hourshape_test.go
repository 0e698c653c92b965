package estimate

import (
	"math"
	"testing"
	"time"
)

func TestHourShapeObserve(t *testing.T) {
	day := time.Date(2013, 6, 3, 0, 0, 0, 0, time.UTC)
	at := func(h float64) time.Time { return day.Add(time.Duration(h * float64(time.Hour))) }
	tests := []struct {
		name  string
		steps [][]time.Time // dates per fetch, fetched at 24 h, 48 h, ...
		want  map[int]float64
	}{
		{"fresh dates count one", [][]time.Time{{at(23.5), at(23.9)}}, map[int]float64{23: math.Exp2(-0.5/24) + math.Exp2(-0.1/24)}},
		{"zero and future dates skipped", [][]time.Time{{{}, at(30)}}, map[int]float64{}},
		{"a day old halves", [][]time.Time{{at(5)}, {}}, map[int]float64{5: math.Exp2(-19.0/24) / 2}},
		{"hours of later days share a slot", [][]time.Time{{at(7)}, {at(31)}}, map[int]float64{7: math.Exp2(-17.0/24)/2 + math.Exp2(-17.0/24)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHourShape(24 * time.Hour)
			for i, dates := range tc.steps {
				h.Observe(at(24*float64(i+1)), dates)
			}
			if err := h.Validate(); err != nil {
				t.Fatal(err)
			}
			for slot, c := range h.Counts {
				if math.Abs(c-tc.want[slot]) > 1e-9 {
					t.Errorf("slot %d: got %v, want %v", slot, c, tc.want[slot])
				}
			}
		})
	}
}

func TestHourShapeValidate(t *testing.T) {
	tests := []struct {
		name string
		h    HourShape
		ok   bool
	}{
		{"new", *NewHourShape(time.Hour), true},
		{"no half-life", HourShape{Counts: make([]float64, 24)}, false},
		{"short", HourShape{HalfLife: time.Hour, Counts: make([]float64, 7)}, false},
		{"negative", HourShape{HalfLife: time.Hour, Counts: append(make([]float64, 23), -1)}, false},
		{"NaN", HourShape{HalfLife: time.Hour, Counts: append(make([]float64, 23), math.NaN())}, false},
		{"negative dated", HourShape{HalfLife: time.Hour, Counts: make([]float64, 24), Dated: -1}, false},
	}
	for _, tc := range tests {
		if err := tc.h.Validate(); (err == nil) != tc.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestHourShapeCountsDatedItemsApart checks that Dated holds what the
// items' own dates added, decayed as the counts are, and not the imputed
// shares of a fetch without dates.
func TestHourShapeCountsDatedItemsApart(t *testing.T) {
	t0 := time.Date(2013, 6, 3, 0, 0, 0, 0, time.UTC)
	h := NewHourShape(24 * time.Hour)
	h.Observe(t0.Add(10*time.Hour), []time.Time{t0.Add(9 * time.Hour), t0.Add(10 * time.Hour), {}})
	shares := make([]float64, 24)
	shares[3] = 2
	h.ObserveShares(t0.Add(34*time.Hour), t0.Add(34*time.Hour), shares)
	// The two dated items weigh 2^(-1/24) and 1 at 10:00; a day later half
	// of that, and the two imputed items are in the total only.
	want := (math.Exp2(-1.0/24) + 1) / 2
	a, b := math.Exp2(-1.0/24)/2, 0.5
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"dated", h.Dated, want},
		{"total", h.Total(), want + 2},
		{"dated size", h.DatedSize(), (a + b) * (a + b) / (a*a + b*b)},
	} {
		if math.Abs(tc.got-tc.want) > 1e-12 {
			t.Errorf("%s: %.12f, want %.12f", tc.name, tc.got, tc.want)
		}
	}
}
