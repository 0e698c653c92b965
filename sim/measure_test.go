package sim

import (
	"math"
	"reflect"
	"testing"
	"time"
)

func hours(hs ...float64) []int64 {
	out := make([]int64, len(hs))
	for i, h := range hs {
		out[i] = t0.Unix() + int64(h*3600)
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Max(1, math.Abs(b)) }

// TestMeasureHand checks every measure on one source with W = 2, postings
// at 1, 2, 3, 4 h, fetches at 0.5, 3.5, 5 h and one access at 3 h, over
// [0, 6 h), and a second reader's access at 4 h.
func TestMeasureHand(t *testing.T) {
	tr := track{posts: hours(1, 2, 3, 4), window: 2, weight: 1, fetches: hours(0.5, 3.5, 5)}
	p := period{base: t0.Unix(), from: t0.Unix(), to: t0.Unix() + 6*3600}
	rs := []Reader{
		{ID: "u", Follows: []string{"a"}, Accesses: []time.Time{t0.Add(3 * time.Hour)}},
		{ID: "v", Follows: []string{"a"}, Accesses: []time.Time{t0.Add(4 * time.Hour)}},
	}
	var m Metrics
	measure(&m, []track{tr}, rs, map[string]int{"a": 0}, p)
	// At 3.5 h the window shows postings 2 and 3 h: 1 h is lost; 2 h and
	// 3 h wait 90 and 30 min; at 5 h, 4 h waits 60 min.
	want := Metrics{
		Sources: 1, Postings: 4, Fetches: 3, Captured: 3, Lost: 1, Completeness: 0.75,
		MeanDelayMin: 60, P95DelayMin: 90, MaxDelayMin: 90, TotalDelayMin: 180,
		// The lost 1 h posting is charged until 3.5 h, when the fetch found
		// it gone: (90 + 30 + 60 + 150) / 4.
		PenalisedDelayMin: 82.5,
		// At 3 h the last fetch was at 0.5 h: u misses 1, 2 and 3 h, for
		// 2 + 1 + 0 hours; at 4 h it was at 3.5 h: v misses 4 h, for 0.
		Accesses: 2, MissesPerAccess: 2, MissDelayMin: 90,
		Readers: []ReaderMetrics{{ID: "u", Accesses: 1, MissesPerAccess: 3, MissDelayMin: 180}, {ID: "v", Accesses: 1, MissesPerAccess: 1}},
		// Stale over [1, 3.5) and [4, 5): 3.5 h of 6; age integral
		// 2.5²/2 + 1²/2 = 3.625 h², averaged over 6 h.
		Freshness: 2.5 / 6, AgeMin: 3.625 / 6 * 60,
	}
	if !near(m.Freshness, want.Freshness) || !near(m.AgeMin, want.AgeMin) {
		t.Fatalf("freshness %v age %v, want %v and %v", m.Freshness, m.AgeMin, want.Freshness, want.AgeMin)
	}
	m.Freshness, m.AgeMin = want.Freshness, want.AgeMin
	if !reflect.DeepEqual(m, want) {
		t.Fatalf("got  %+v\nwant %+v", m, want)
	}
}

// TestMeasurePeriod checks that only postings and fetches of the
// evaluated period count, and that postings after the last fetch are
// pending.
func TestMeasurePeriod(t *testing.T) {
	tr := track{posts: hours(1, 2, 30, 40), window: 15, weight: 2, fetches: hours(3, 31)}
	p := period{base: t0.Unix(), from: t0.Unix() + 24*3600, to: t0.Unix() + 48*3600}
	var m Metrics
	measure(&m, []track{tr}, nil, nil, p)
	if m.Postings != 2 || m.Captured != 1 || m.Pending != 1 || m.Fetches != 1 || m.MeanDelayMin != 60 || m.TotalDelayMin != 120 {
		t.Fatalf("got %+v", m)
	}
}

// TestPenalisedDelay checks what lost postings are charged: until the
// fetch that found them gone, until the end of the run, or a fixed penalty.
func TestPenalisedDelay(t *testing.T) {
	tests := []struct {
		name    string
		fetches []int64
		penalty int64
		want    float64 // minutes
	}{
		// W = 1: at 3 h only the 3 h posting shows (0 min); 1 h and 2 h
		// are found gone at 3 h: (0 + 120 + 60) / 3.
		{"found gone", hours(0.5, 3), 0, 60},
		// the same with a fixed 10-hour charge: (0 + 600 + 600) / 3.
		{"fixed", hours(0.5, 3), 10 * 3600, 400},
		// never fetched again: 1 h and 2 h are gone by the end (6 h), 3 h
		// is pending and not counted: (300 + 240) / 2.
		{"end of run", hours(0.5), 0, 270},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := track{posts: hours(1, 2, 3), window: 1, weight: 1, fetches: tc.fetches}
			p := period{base: t0.Unix(), from: t0.Unix(), to: t0.Unix() + 6*3600, penalty: tc.penalty}
			var m Metrics
			measure(&m, []track{tr}, nil, nil, p)
			if !near(m.PenalisedDelayMin, tc.want) {
				t.Fatalf("penalised delay %v min, want %v (%+v)", m.PenalisedDelayMin, tc.want, m)
			}
		})
	}
}
