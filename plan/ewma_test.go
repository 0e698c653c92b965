package plan

import (
	"testing"
	"time"

	"vigil"
)

func TestEWMAPlanner(t *testing.T) {
	t0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	p := &EWMA{Alpha: 0.1, Bounds: DefaultBounds}
	f := &vigil.Feed{ID: 1}
	steps := []struct {
		at    time.Duration
		new   int
		items []vigil.Item
		want  time.Duration // proposed interval after this fetch
	}{
		// First fetch: three dated items an hour apart seed λ = 1/h.
		{0, 3, []vigil.Item{{Published: t0.Add(-2 * time.Hour)}, {Published: t0.Add(-time.Hour)}, {Published: t0}}, time.Hour},
		// 2 h later, 8 new: λ = 0.1·4 + 0.9·1 = 1.3/h → 1/1.3 h.
		{2 * time.Hour, 8, nil, hours(1 / 1.3)},
		// A burst pushes the interval under the 5 min floor.
		{2*time.Hour + time.Minute, 1000, nil, 5 * time.Minute},
	}
	for i, s := range steps {
		at := t0.Add(s.at)
		if err := p.Observe(f, vigil.Observation{At: at, NewItems: s.new}, s.items); err != nil {
			t.Fatal(err)
		}
		got := p.Next(f, at).Sub(at)
		if d := got - s.want; d > time.Millisecond || d < -time.Millisecond {
			t.Fatalf("step %d: interval %v, want %v (rate %v)", i, got, s.want, f.Rate)
		}
	}
}

func TestEWMAPlannerSilentFeedWaitsMax(t *testing.T) {
	t0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	p := &EWMA{Bounds: Bounds{Min: time.Minute, Max: 6 * time.Hour}}
	f := &vigil.Feed{ID: 1}
	if err := p.Observe(f, vigil.Observation{At: t0}, []vigil.Item{{Title: "undated"}}); err != nil {
		t.Fatal(err)
	}
	if got := p.Next(f, t0); !got.Equal(t0.Add(6 * time.Hour)) {
		t.Fatalf("feed with no rate scheduled at %v, want the 6 h maximum", got)
	}
}

func TestEWMAPlannerReplacesForeignModel(t *testing.T) {
	t0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	p := &EWMA{Bounds: DefaultBounds}
	f := &vigil.Feed{ID: 1, Model: []byte(`{"slots":[1,2,3]}`)}
	if err := p.Observe(f, vigil.Observation{At: t0}, nil); err != nil {
		t.Fatalf("a model of another policy was not replaced: %v", err)
	}
	if err := p.Observe(f, vigil.Observation{At: t0.Add(time.Hour), NewItems: 2}, nil); err != nil {
		t.Fatal(err)
	}
	if f.Rate != 2 {
		t.Fatalf("rate %v after replacing the model, want 2", f.Rate)
	}
}

func hours(h float64) time.Duration { return time.Duration(h * float64(time.Hour)) }
