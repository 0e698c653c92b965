package trace

import (
	"math"
	"testing"
	"time"
)

// postingsAt makes a source whose postings fall at the given offsets from
// a Monday midnight UTC.
func postingsAt(id string, offsets []time.Duration) Source {
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	s := Source{ID: id}
	for _, d := range offsets {
		s.Postings = append(s.Postings, Posting{Time: start.Add(d)})
	}
	return s
}

// every returns n offsets step apart from first.
func every(first, step time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = first + time.Duration(i)*step
	}
	return out
}

// officeDays returns one posting an hour from 09:00 to 16:00 UTC on each
// of days days: every posting inside 8 consecutive hours.
func officeDays(days int) []time.Duration {
	var out []time.Duration
	for d := range days {
		out = append(out, every(time.Duration(d)*24*time.Hour+9*time.Hour, time.Hour, 8)...)
	}
	return out
}

// bursts returns n bursts a day apart of k postings a minute apart.
func bursts(n, k int) []time.Duration {
	var out []time.Duration
	for b := range n {
		out = append(out, every(time.Duration(b)*24*time.Hour, time.Minute, k)...)
	}
	return out
}

func TestShape(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-9 }
	tests := []struct {
		name                    string
		sources                 []Source
		min                     int
		wantSources             int
		rhythm, burst, topShare float64
	}{
		{"hourly, flat and regular", []Source{postingsAt("a", every(0, time.Hour, 24*10))}, 2, 1, 1.0 / 3, 0, 1},
		{"office hours only", []Source{postingsAt("a", officeDays(10))}, 2, 1, 1, -1, 1},
		{"bursts of ten a minute apart, a day apart", []Source{postingsAt("a", bursts(10, 10))}, 2, 1, 1, -1, 1},
		{"a source under the minimum is left out",
			[]Source{postingsAt("a", every(0, time.Hour, 240)), postingsAt("b", officeDays(1))}, 10, 1, 1.0 / 3, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := newPostings(tt.sources).Shape(tt.min, 1)
			if sh.Sources != tt.wantSources {
				t.Fatalf("Sources = %d, want %d", sh.Sources, tt.wantSources)
			}
			if !near(sh.Rhythm, tt.rhythm) {
				t.Errorf("Rhythm = %v, want %v", sh.Rhythm, tt.rhythm)
			}
			if tt.burst >= 0 && !near(sh.Burstiness, tt.burst) {
				t.Errorf("Burstiness = %v, want %v", sh.Burstiness, tt.burst)
			}
			if !near(sh.TopShare, tt.topShare) {
				t.Errorf("TopShare = %v, want %v", sh.TopShare, tt.topShare)
			}
		})
	}
}

// Bursts make gaps far more variable than a Poisson process's (CV 1):
// nine one-minute gaps and one of nearly a day in every ten.
func TestShapeBurstsAreVariable(t *testing.T) {
	sh := newPostings([]Source{postingsAt("a", bursts(30, 10))}).Shape(2, 1)
	if sh.Burstiness < 2 {
		t.Errorf("Burstiness = %.2f for bursts, want well above 1", sh.Burstiness)
	}
}

// A generated trace's sources are Poisson within each hour, so their gaps
// vary about as a Poisson process's do, and placing the same counts at
// random gives about the flat third plus what chance adds.
func TestShapeOfAGeneratedTrace(t *testing.T) {
	p, _ := Generate(GenConfig{Sources: 200, Days: 60, Seed: 3, NoTitles: true})
	sh := p.Shape(50, 1)
	if sh.Sources == 0 {
		t.Fatal("no source with 50 postings in the generated trace")
	}
	if sh.Burstiness < 0.8 || sh.Burstiness > 1.6 {
		t.Errorf("Burstiness = %.2f, want near 1 for postings Poisson within each hour", sh.Burstiness)
	}
	if sh.FlatRhythm < 1.0/3 || sh.FlatRhythm > 0.45 {
		t.Errorf("FlatRhythm = %.3f, want a little above 1/3", sh.FlatRhythm)
	}
	if again := p.Shape(50, 1); again != sh {
		t.Errorf("the same seed gave %+v, then %+v", sh, again)
	}
	if sh.TopShare <= topSourceShare {
		t.Errorf("TopShare = %.2f, want above an even spread's %.2f", sh.TopShare, topSourceShare)
	}
}

func TestShapeOfNoSource(t *testing.T) {
	if sh := newPostings(nil).Shape(2, 1); sh != (Shape{}) {
		t.Errorf("Shape of an empty trace = %+v, want zero", sh)
	}
}
