package policy

import (
	"math"
	"slices"
	"testing"
	"time"
)

// rated returns sources whose learned rates are the given items per hour.
func rated(rates ...float64) []*Source {
	out := make([]*Source, len(rates))
	for i, r := range rates {
		m := NewModels(0.1, t0)
		m.Learned.Rate = r
		out[i] = &Source{ID: int64(i + 1), Models: m}
	}
	return out
}

func TestGreedySelectsTheMostImportant(t *testing.T) {
	cfg := DefaultConfig.withBudget(10)
	tests := []struct {
		name  string
		rates []float64
		m     int
		want  []int
	}{
		{"top two", []float64{0.5, 3, 0.1, 2}, 2, []int{1, 3}},
		{"ties by index", []float64{1, 1, 1}, 2, []int{0, 1}},
		{"m above n", []float64{1, 2}, 5, []int{0, 1}},
		{"none", []float64{1, 2}, 0, nil},
		// Below the learner's floor (1/24 an hour) rates tie at the floor.
		{"floor", []float64{0, 0.001, 0.5}, 2, []int{0, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := New("learned-greedy", cfg)
			got := p.(Selector).Select(rated(tt.rates...), t0, tt.m)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("selected %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFairSamplesInProportion draws one source at a time many times and
// checks the frequencies against importance / total.
func TestFairSamplesInProportion(t *testing.T) {
	cfg := DefaultConfig.withBudget(10)
	cfg.Seed = 42
	p, _ := New("learned-fair", cfg)
	srcs := rated(1, 2, 3, 4)
	counts := make([]int, len(srcs))
	const draws = 40000
	for range draws {
		for _, i := range p.(Selector).Select(srcs, t0, 1) {
			counts[i]++
		}
	}
	for i, c := range counts {
		want := float64(i+1) / 10
		if got := float64(c) / draws; math.Abs(got-want) > 0.01 {
			t.Errorf("source %d drawn %.3f of the time, want %.3f", i, got, want)
		}
	}
	two := p.(Selector).Select(srcs, t0, 2)
	if len(two) != 2 || two[0] == two[1] {
		t.Fatalf("two draws without replacement gave %v", two)
	}
}

func TestContentSelectorsRankByNovelRate(t *testing.T) {
	srcs := rated(5, 0.2)
	for _, s := range srcs {
		s.Models.ObserveNovel(t0, 0) // starts the novel learner
	}
	srcs[0].Models.ObserveNovel(t0.Add(10*time.Hour), 0)
	srcs[1].Models.ObserveNovel(t0.Add(10*time.Hour), 30)
	for name, want := range map[string]int{"learned-greedy": 0, "content-greedy": 1} {
		p, _ := New(name, DefaultConfig.withBudget(10))
		if got := p.(Selector).Select(srcs, t0, 1); !slices.Equal(got, []int{want}) {
			t.Errorf("%s selected %v, want [%d]", name, got, want)
		}
	}
}

func TestSelectorsUseRefinedRates(t *testing.T) {
	cfg := DefaultConfig.withBudget(10)
	var seen map[int64]float64
	cfg.Refine = func(r map[int64]float64) map[int64]float64 {
		seen = r
		return map[int64]float64{1: 0, 2: 9}
	}
	p, _ := New("learned-greedy", cfg)
	if got := p.(Selector).Select(rated(3, 1), t0, 1); !slices.Equal(got, []int{1}) {
		t.Fatalf("selected %v, want the source the refinement raised", got)
	}
	if seen[1] != 3 || seen[2] != 1 {
		t.Fatalf("the refinement was handed %v, want the learned rates", seen)
	}
}

func TestLiveRefusesSimulatorOnlyPolicies(t *testing.T) {
	for _, name := range []string{"learned-greedy", "content-fair"} {
		if _, err := NewLive(name, DefaultConfig, 0.2, 6, 0); err == nil {
			t.Errorf("the live monitor accepted %s", name)
		}
		if slices.Contains(LiveNames(), name) {
			t.Errorf("LiveNames lists %s", name)
		}
	}
	for _, name := range []string{"learned", "content"} {
		if !slices.Contains(LiveNames(), name) {
			t.Errorf("LiveNames lacks %s", name)
		}
	}
}

func TestOwnRuleKeepsThetaOne(t *testing.T) {
	srcs := rated(2, 0.5) // items per hour
	for _, s := range srcs {
		s.Last = t0
	}
	cfg := DefaultConfig.withBudget(1000)
	cfg.OwnRule = true
	p, _ := New("learned", cfg)
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	// Roitman et al. §5.3: the next probe at T_prev + 1/λ.
	for i, want := range []time.Duration{30 * time.Minute, 2 * time.Hour} {
		if got := p.Next(srcs[i], t0).Sub(t0); got != want {
			t.Errorf("source %d: next probe after %v, want %v", i, got, want)
		}
	}
}
