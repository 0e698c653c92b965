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
		// One access each: the readers' means are the per-access ones.
		ReaderMeanMisses: 2, ReaderMeanMissDelayMin: 90,
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

// TestMeasureLooks checks that a look (an access that concerns one
// source) misses that source's postings alone, while an access misses
// those of every source the reader follows; both count as accesses.
// Source a has postings at 1 and 2 h, b at 1.5 h; neither is fetched.
func TestMeasureLooks(t *testing.T) {
	tracks := []track{{posts: hours(1, 2), window: 5, weight: 1}, {posts: hours(1.5), window: 5, weight: 1}}
	index := map[string]int{"a": 0, "b": 1}
	p := period{base: t0.Unix(), from: t0.Unix(), to: t0.Unix() + 6*3600}
	at := func(h float64) time.Time { return t0.Add(time.Duration(h * float64(time.Hour))) }
	tests := []struct {
		name         string
		reader       Reader
		misses, wait float64 // per access; wait in minutes
	}{
		// At 3 h: a's two postings waited 120 and 60 min, b's 90.
		{"an access misses every source followed", Reader{ID: "u", Follows: []string{"a", "b"}, Accesses: []time.Time{at(3)}}, 3, 270},
		{"a look at a misses a's alone", Reader{ID: "u", Follows: []string{"a", "b"}, Looks: []Look{{"a", at(3)}}}, 2, 180},
		{"a look at b misses b's alone", Reader{ID: "u", Follows: []string{"a", "b"}, Looks: []Look{{"b", at(3)}}}, 1, 90},
		// Both: (3 + 1) misses over two accesses, (270 + 90) min.
		{"an access and a look", Reader{ID: "u", Follows: []string{"a", "b"}, Accesses: []time.Time{at(3)}, Looks: []Look{{"b", at(3)}}}, 2, 180},
		{"a look outside the period", Reader{ID: "u", Follows: []string{"a"}, Looks: []Look{{"a", at(7)}}}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m Metrics
			measure(&m, tracks, []Reader{tc.reader}, index, p)
			accesses := 0
			for _, l := range tc.reader.Looks {
				if l.Time.Before(at(6)) {
					accesses++
				}
			}
			accesses += len(tc.reader.Accesses)
			if m.Accesses != accesses || !near(m.MissesPerAccess, tc.misses) || !near(m.MissDelayMin, tc.wait) {
				t.Fatalf("%d accesses, %v misses and %v min each, want %d, %v and %v", m.Accesses, m.MissesPerAccess, m.MissDelayMin, accesses, tc.misses, tc.wait)
			}
		})
	}
}

// TestMeasureReaderMeans checks that every reader who accessed counts
// alike in the readers' means, whatever their number of accesses, and
// that a reader without an access in the period does not count. Source a
// has postings at 1 and 2 h and is never fetched, so an access at u h
// misses the postings before it, each waiting u − t_i.
func TestMeasureReaderMeans(t *testing.T) {
	tracks := []track{{posts: hours(1, 2), window: 5, weight: 1}}
	index := map[string]int{"a": 0}
	p := period{base: t0.Unix(), from: t0.Unix(), to: t0.Unix() + 6*3600}
	at := func(hs ...float64) []time.Time {
		var out []time.Time
		for _, h := range hs {
			out = append(out, t0.Add(time.Duration(h*float64(time.Hour))))
		}
		return out
	}
	tests := []struct {
		name                  string
		readers               []Reader
		perAccess, perReader  float64 // misses
		delayAccess, delayRdr float64 // minutes
	}{
		{
			// u at 1.5, 2.5, 3: 1, 2, 2 misses, 30, 120, 180 min; v at 5: 2 misses, 420 min.
			name:      "a frequent reader and a rare one",
			readers:   []Reader{{ID: "u", Follows: []string{"a"}, Accesses: at(1.5, 2.5, 3)}, {ID: "v", Follows: []string{"a"}, Accesses: at(5)}},
			perAccess: 7.0 / 4, perReader: (5.0/3 + 2) / 2, delayAccess: 750.0 / 4, delayRdr: (330.0/3 + 420) / 2,
		},
		{
			name:      "a reader with no access in the period",
			readers:   []Reader{{ID: "u", Follows: []string{"a"}, Accesses: at(3)}, {ID: "v", Follows: []string{"a"}, Accesses: at(7)}},
			perAccess: 2, perReader: 2, delayAccess: 180, delayRdr: 180,
		},
		{name: "no access at all", readers: []Reader{{ID: "u", Follows: []string{"a"}, Accesses: at(8)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m Metrics
			measure(&m, tracks, tc.readers, index, p)
			if !near(m.MissesPerAccess, tc.perAccess) || !near(m.MissDelayMin, tc.delayAccess) {
				t.Fatalf("per access %v misses, %v min; want %v and %v", m.MissesPerAccess, m.MissDelayMin, tc.perAccess, tc.delayAccess)
			}
			if !near(m.ReaderMeanMisses, tc.perReader) || !near(m.ReaderMeanMissDelayMin, tc.delayRdr) {
				t.Fatalf("per reader %v misses, %v min; want %v and %v", m.ReaderMeanMisses, m.ReaderMeanMissDelayMin, tc.perReader, tc.delayRdr)
			}
		})
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

// TestPenalisedDelay checks what lost postings are charged (until the
// fetch that found them gone, until the end of the run, or a fixed
// penalty) and pending ones (until the end of the run).
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
		// is pending, charged until the end: (300 + 240 + 180) / 3.
		{"end of run", hours(0.5), 0, 240},
		// the same with a fixed 10-hour charge for the lost ones; the
		// pending one is charged until the end: (600 + 600 + 180) / 3.
		{"end of run, fixed", hours(0.5), 10 * 3600, 460},
		// a fixed charge shorter than the wait until the end bounds the
		// pending one's too: (60 + 60 + 60) / 3.
		{"end of run, short fixed", hours(0.5), 3600, 60},
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
