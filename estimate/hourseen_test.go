package estimate

import (
	"math"
	"testing"
	"time"
)

func TestObserveSeen(t *testing.T) {
	day := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	at := func(h, m int) time.Time { return day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	cases := []struct {
		name          string
		from, to      time.Time
		dates         []time.Time
		exposure      map[int]float64 // hours of watching per UTC hour
		seen          map[int]float64 // items per UTC hour
		startsStretch bool
	}{
		{"a stretch across hours", at(1, 30), at(3, 0), []time.Time{at(2, 10), at(2, 50)},
			map[int]float64{1: 0.5, 2: 1}, map[int]float64{2: 2}, true},
		{"late items before the stretch count, none after it or undated", at(1, 30), at(3, 0), []time.Time{at(1, 0), at(1, 30), at(2, 0), {}, at(3, 30)},
			map[int]float64{1: 0.5, 2: 1}, map[int]float64{1: 2, 2: 1}, true},
		{"an empty stretch counts its hours", at(22, 0), at(23, 15), nil,
			map[int]float64{22: 1, 23: 0.25}, nil, true},
		{"no stretch at all", at(3, 0), at(3, 0), []time.Time{at(2, 0)}, nil, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHourShape(DefaultShapeHalfLife)
			h.Observe(c.to, nil)
			h.ObserveSeen(c.from, c.to, c.dates)
			if (h.Exposure != nil) != c.startsStretch {
				t.Fatalf("exposure %v, want a stretch: %v", h.Exposure, c.startsStretch)
			}
			for i := range h.Exposure {
				// Decay over the few hours to Last is under 0.2%.
				if got, want := h.Exposure[i], c.exposure[i]; math.Abs(got-want) > 0.002*max(want, 1) {
					t.Errorf("exposure of hour %d = %v, want %v", i, got, want)
				}
				if got, want := h.Seen[i], c.seen[i]; math.Abs(got-want) > 0.002*max(want, 1) {
					t.Errorf("seen in hour %d = %v, want %v", i, got, want)
				}
			}
			if err := h.Validate(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestObserveSeenDecays(t *testing.T) {
	start := time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC)
	h := NewHourShape(24 * time.Hour)
	h.Observe(start.Add(time.Hour), nil)
	h.ObserveSeen(start, start.Add(time.Hour), []time.Time{start.Add(30 * time.Minute)})
	h.Observe(start.Add(25*time.Hour), nil) // one half-life later
	// The hour and the item both sit half an hour before the stretch's end.
	want := 0.5 * math.Exp2(-0.5/24)
	if math.Abs(h.Exposure[2]-want) > 1e-9 || math.Abs(h.Seen[2]-want) > 1e-9 {
		t.Fatalf("after a half-life: exposure %v, seen %v", h.Exposure[2], h.Seen[2])
	}
}

func TestSeenRates(t *testing.T) {
	flat := make([]float64, 24)
	for i := range flat {
		flat[i] = 1.0 / 24
	}
	h := NewHourShape(DefaultShapeHalfLife)
	h.Exposure, h.Seen = make([]float64, 24), make([]float64, 24)
	h.Exposure[1], h.Seen[1] = 2, 10 // 5 an hour
	h.Exposure[2], h.Seen[2] = 8, 10 // 1.25 an hour
	mean := 20.0 / 10
	cases := []struct {
		name  string
		kappa float64
		want  func(i int) float64
	}{
		{"no prior: the seen rates, the prior's where nothing was watched", 0, func(i int) float64 {
			if r, ok := map[int]float64{1: 5, 2: 1.25}[i]; ok {
				return r
			}
			return mean
		}},
		{"a prior of 48 items: a = 1 hour each hour at the mean rate", 48, func(i int) float64 {
			a := 48 / (24 * mean)
			if h.Exposure[i] == 0 {
				return mean
			}
			return (h.Seen[i] + a*mean) / (h.Exposure[i] + a)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := make([]float64, 24)
			if !h.SeenRates(c.kappa, 0, 0, flat, out) {
				t.Fatal("SeenRates found nothing seen")
			}
			for i, got := range out {
				if want := c.want(i); math.IsNaN(got) || math.Abs(got-want) > 1e-9 {
					t.Errorf("hour %d: %v, want %v", i, got, want)
				}
			}
		})
	}
	refused := []struct {
		name     string
		h        *HourShape
		minItems float64
	}{
		{"nothing seen", NewHourShape(DefaultShapeHalfLife), 0},
		{"fewer items than asked for", h, 21},
		{"stretches stored empty", &HourShape{HalfLife: time.Hour, Counts: make([]float64, 24), Exposure: []float64{}, Seen: []float64{}}, 0},
	}
	if !h.SeenRates(50, 21, 10, flat, make([]float64, 24)) {
		t.Error("SeenRates refused stretches of 10 hours' watching, enough by hours if not by items")
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			out := make([]float64, 24)
			out[0] = 7
			if c.h.SeenRates(50, c.minItems, 1e9, flat, out) || out[0] != 7 {
				t.Fatalf("SeenRates reported rates %v", out)
			}
		})
	}
}

// TestObserveSeenOddInput checks dates before 1970 and stored models whose
// stretches are empty slices rather than absent: no panic, and a stretch
// from decades ago is walked only as far back as it weighs.
func TestObserveSeenOddInput(t *testing.T) {
	to := time.Date(2026, 3, 2, 3, 0, 0, 0, time.UTC)
	cases := []struct {
		name string
		h    *HourShape
		from time.Time
	}{
		{"an item dated 1900", NewHourShape(DefaultShapeHalfLife), time.Date(1900, 1, 1, 5, 30, 0, 0, time.UTC)},
		{"stretches stored as empty slices", &HourShape{HalfLife: time.Hour, Counts: make([]float64, 24), Exposure: []float64{}, Seen: []float64{}}, to.Add(-2 * time.Hour)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.h.Observe(to, []time.Time{c.from})
			c.h.ObserveSeen(c.from, to, []time.Time{c.from.Add(time.Minute)})
			if err := c.h.Validate(); err != nil || !c.h.Watching() {
				t.Fatalf("after the stretch: %v, watching %v", err, c.h.Watching())
			}
		})
	}
}

func TestValidateSeenStretches(t *testing.T) {
	cases := []struct {
		name           string
		exposure, seen []float64
		ok             bool
	}{
		{"none", nil, nil, true},
		{"both", make([]float64, 24), make([]float64, 24), true},
		{"exposure without seen", make([]float64, 24), nil, false},
		{"short", make([]float64, 23), make([]float64, 23), false},
		{"negative", []float64{-1, 23: 0}, make([]float64, 24), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHourShape(DefaultShapeHalfLife)
			h.Exposure, h.Seen = c.exposure, c.seen
			if err := h.Validate(); (err == nil) != c.ok {
				t.Fatalf("Validate: %v, want ok %v", err, c.ok)
			}
		})
	}
}
