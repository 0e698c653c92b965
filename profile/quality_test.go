package profile

import (
	"math"
	"testing"
)

func TestQualityMeter(t *testing.T) {
	var m QualityMeter
	if m.Quality() != 0 {
		t.Errorf("empty meter: %v", m.Quality())
	}
	opt := vec(1, 3, 2, 4)
	m.Observe(1, opt, opt)           // 1
	m.Observe(1, opt, vec(2, 1))     // 0.8
	m.Observe(1, opt, vec(7, 1))     // 0
	m.Observe(2, Vector{}, Vector{}) // nothing published, nothing missed: 1
	q1, n1 := m.Channel(1)
	if math.Abs(q1-1.8/3) > 1e-15 || n1 != 3 {
		t.Errorf("channel 1: %v over %d samples, want 0.6 over 3", q1, n1)
	}
	if got, want := m.Quality(), (1.8/3+1)/2; math.Abs(got-want) > 1e-15 {
		t.Errorf("Q = %v, want %v", got, want)
	}
	if q, n := m.Channel(9); q != 0 || n != 0 {
		t.Errorf("unsampled channel: %v, %d", q, n)
	}
}

func TestLossAndCutoff(t *testing.T) {
	if got := QualityLoss(0.95, 1); math.Abs(got-0.05) > 1e-15 {
		t.Errorf("QualityLoss = %v, want 0.05", got)
	}
	if got := ProbeCutoff(150, 100); got != 0.5 {
		t.Errorf("ProbeCutoff = %v, want 0.5", got)
	}
	if QualityLoss(1, 0) != 0 || ProbeCutoff(1, 0) != 0 {
		t.Error("zero denominators are not 0")
	}
}
