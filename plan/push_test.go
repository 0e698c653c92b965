package plan

import (
	"slices"
	"testing"
	"time"
)

func TestUnfed(t *testing.T) {
	odd := func(x int) bool { return x%2 == 1 }
	for _, tc := range []struct {
		name string
		all  []int
		want []int
	}{
		{"none", nil, []int{}},
		{"all fed", []int{1, 3}, []int{}},
		{"mixed keeps order", []int{4, 1, 2, 3, 6}, []int{4, 2, 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Unfed(tc.all, odd); !slices.Equal(got, tc.want) {
				t.Errorf("Unfed(%v) = %v, want %v", tc.all, got, tc.want)
			}
		})
	}
}

func TestPushNext(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	planned := now.Add(17 * time.Minute)
	for _, tc := range []struct {
		name string
		fed  bool
		want time.Time
	}{
		{"pulled keeps the plan", false, planned},
		{"fed waits for verification", true, now.Add(DefaultPushVerify)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PushNext(planned, now, tc.fed, DefaultPushVerify); !got.Equal(tc.want) {
				t.Errorf("PushNext = %v, want %v", got, tc.want)
			}
		})
	}
}
