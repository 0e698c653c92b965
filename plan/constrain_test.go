package plan

import (
	"testing"
	"time"

	"vigil"
)

func TestConstrain(t *testing.T) {
	mon := time.Date(2026, 1, 5, 10, 20, 0, 0, time.UTC) // a Monday
	last := mon.Add(-10 * time.Minute)
	allHours := make([]int, 24)
	for i := range allHours {
		allHours[i] = i
	}
	tests := []struct {
		name string
		t    time.Time
		h    vigil.Hints
		want time.Time
	}{
		{"no hints", mon, vigil.Hints{}, mon},
		{"not before later", mon, vigil.Hints{NotBefore: mon.Add(time.Hour)}, mon.Add(time.Hour)},
		{"not before earlier", mon, vigil.Hints{NotBefore: mon.Add(-time.Hour)}, mon},
		{"ttl", mon, vigil.Hints{TTL: time.Hour}, last.Add(time.Hour)},
		{"update period wins over shorter ttl", mon, vigil.Hints{TTL: 30 * time.Minute, UpdatePeriod: 2 * time.Hour}, last.Add(2 * time.Hour)},
		{"ttl already met", mon, vigil.Hints{TTL: 5 * time.Minute}, mon},
		{"skip hour", mon, vigil.Hints{SkipHours: []int{10, 11}}, time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)},
		{"skip hour wraps to next day", time.Date(2026, 1, 5, 23, 30, 0, 0, time.UTC), vigil.Hints{SkipHours: []int{23, 0}}, time.Date(2026, 1, 6, 1, 0, 0, 0, time.UTC)},
		{"skip day", mon, vigil.Hints{SkipDays: []time.Weekday{time.Monday}}, time.Date(2026, 1, 6, 0, 0, 0, 0, time.UTC)},
		{"skip day and hour", mon, vigil.Hints{SkipDays: []time.Weekday{time.Monday}, SkipHours: []int{0, 1}}, time.Date(2026, 1, 6, 2, 0, 0, 0, time.UTC)},
		{"every hour skipped is ignored", mon, vigil.Hints{SkipHours: allHours}, mon},
		{"ttl then skip hour", mon, vigil.Hints{TTL: time.Hour, SkipHours: []int{11}}, time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Constrain(tc.t, tc.h, last); !got.Equal(tc.want) {
				t.Fatalf("Constrain = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestConstrainFirstFetchIgnoresTTL(t *testing.T) {
	now := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	if got := Constrain(now, vigil.Hints{TTL: time.Hour}, time.Time{}); !got.Equal(now) {
		t.Fatalf("a feed never fetched was delayed to %v by its TTL", got)
	}
}
