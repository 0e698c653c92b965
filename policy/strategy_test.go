package policy

import (
	"reflect"
	"testing"
	"time"
)

// TestRenamingAPolicyKeepsItsBehaviour builds each scheduled policy once
// by New and once under another display name with the same strategy, and
// checks that both plan and schedule the same fetches: what a policy does
// comes from its strategy, never from its name. The sources have daily
// shapes and readers' accesses, and enough of them to be clustered, so
// that every flag of the strategies is exercised.
func TestRenamingAPolicyKeepsItsBehaviour(t *testing.T) {
	srcs := variedSources()
	tests := []struct {
		name string
		st   strategy
	}{
		{"uniform", uniformStrategy},
		{"alloc", allocStrategy},
		{"place", placeStrategy},
		{"combined", combinedStrategy},
		{"user", userStrategy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig
			cfg.PerDay = 50
			cfg.ClusterAbove = 10
			named, err := New(tt.name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			renamed := newScheduled("renamed "+tt.name, cfg, tt.st)
			for _, p := range []Policy{named, renamed} {
				if err := p.Plan(srcs, t0); err != nil {
					t.Fatal(err)
				}
			}
			if renamed.Name() == named.Name() {
				t.Fatalf("both policies are called %q", named.Name())
			}
			if !reflect.DeepEqual(named.(*scheduled).plans, renamed.plans) {
				t.Fatalf("%s planned differently under another name", tt.name)
			}
			for _, s := range srcs {
				if a, b := named.Next(s, t0), renamed.Next(s, t0); !a.Equal(b) {
					t.Fatalf("source %d: next fetch %v as %q, %v renamed", s.ID, a, named.Name(), b)
				}
			}
		})
	}
}

// TestStrategiesDiffer checks that the strategies' flags matter on the
// sources of TestRenamingAPolicyKeepsItsBehaviour, so that its comparison
// of a policy with itself renamed could fail: turning one flag of a
// strategy changes the plan.
func TestStrategiesDiffer(t *testing.T) {
	srcs := variedSources()
	cfg := DefaultConfig
	cfg.PerDay = 50
	cfg.ClusterAbove = 10
	flip := []struct {
		name string
		st   strategy
		flip func(*strategy)
	}{
		{"evenCounts", allocStrategy, func(s *strategy) { s.evenCounts = true }},
		{"clusters", combinedStrategy, func(s *strategy) { s.clusters = false }},
		{"readers", userStrategy, func(s *strategy) { s.readers = false }},
	}
	for _, tt := range flip {
		t.Run(tt.name, func(t *testing.T) {
			a := newScheduled("a", cfg, tt.st)
			changed := tt.st
			tt.flip(&changed)
			b := newScheduled("b", cfg, changed)
			for _, p := range []*scheduled{a, b} {
				if err := p.Plan(srcs, t0); err != nil {
					t.Fatal(err)
				}
			}
			if reflect.DeepEqual(a.plans, b.plans) {
				t.Fatalf("turning %s changed nothing", tt.name)
			}
		})
	}
}

// variedSources returns 40 sources with readers' accesses whose daily
// shapes each differ a little from the 12 shapes of benchSources, so that
// placing them per cluster differs from placing each.
func variedSources() []*Source {
	srcs := benchSources(40, true)
	for _, s := range srcs {
		s.Last = t0.Add(-time.Duration(s.ID) * time.Hour)
		for h := range s.Models.Daily.Rates {
			s.Models.Daily.Rates[h] *= 1 + float64((s.ID*7+int64(h)*13)%10)/10
		}
	}
	return srcs
}
