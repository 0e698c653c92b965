package policy

import (
	"math"
	"testing"
)

// TestUnreadFeedShare checks what a feed with no learned access counts in
// the user policy's split of the budget (AccessModel.Unread): with none it
// keeps its base floor alone (a fetch a week), its share grows with the
// setting, the default is 0.3, and the read feeds share the rest of
// the budget. Three feeds post 12 items a day; two are read 10 times a
// day, at 08:00 and 20:00; the third has no reader. Under the square-root
// split (continuous shares, the whole budget spent) the share grows
// strictly; under the placed split, whose shares above a fetch a day are
// whole and may leave part of a fetch unspent, it never shrinks.
func TestUnreadFeedShare(t *testing.T) {
	for _, sqrt := range []bool{true, false} {
		name := "placed split"
		if sqrt {
			name = "square-root split"
		}
		t.Run(name, func(t *testing.T) { unreadShares(t, sqrt) })
	}
}

// unreadShares is TestUnreadFeedShare under one split.
func unreadShares(t *testing.T, sqrt bool) {
	t.Helper()
	tests := []struct {
		name   string
		unread float64
	}{
		{"none", -1},
		{"a hundredth", 0.01},
		{"a tenth", 0.1},
		{"three tenths", 0.3},
		{"the default", 0},
		{"an average reader's", 1},
	}
	const perDay = 6
	got := map[string]float64{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srcs := []*Source{source(1, 12, nil), source(2, 12, nil), source(3, 12, nil)}
			srcs[0].Access, srcs[0].Weight = readAt(10, 8, 20), 1
			srcs[1].Access, srcs[1].Weight = readAt(10, 8, 20), 1
			cfg := DefaultConfig
			cfg.PerDay, cfg.Access, cfg.SqrtAllocation = perDay, AccessModel{Unread: tc.unread}, sqrt
			p, pl := placedUserWith(t, cfg, srcs)
			shares, _, err := p.split(srcs, pl)
			if err != nil {
				t.Fatal(err)
			}
			sum := shares[0] + shares[1] + shares[2]
			if sum > perDay+1e-9 || (sqrt && math.Abs(sum-perDay) > 1e-6) {
				t.Fatalf("square-root split %v: shares %v sum to %v, budget %v", sqrt, shares, sum, perDay)
			}
			got[tc.name] = shares[2]
		})
	}
	floor := float64(day) / float64(DefaultConfig.MaxInterval)
	if math.Abs(got["none"]-floor) > 1e-9 {
		t.Errorf("square-root split %v: with no share the unread feed gets %v fetches a day, want its floor %v", sqrt, got["none"], floor)
	}
	if got["the default"] != got["three tenths"] {
		t.Errorf("square-root split %v: the default gives the unread feed %v fetches a day, three tenths %v", sqrt, got["the default"], got["three tenths"])
	}
	order := []string{"none", "a hundredth", "a tenth", "three tenths", "an average reader's"}
	for i := 1; i < len(order); i++ {
		if grows := got[order[i]] > got[order[i-1]]; !grows && (sqrt || got[order[i]] < got[order[i-1]]) {
			t.Errorf("square-root split %v: the unread feed's share does not grow from %s to %s: %v", sqrt, order[i-1], order[i], got)
		}
	}
}

// TestUnreadShareBeforeAnyLook checks that the share does not matter while
// no feed has a learned access (a first plan, or readers who have not
// looked yet): every feed then counts its weight, as for delay, and none
// is left to its floor.
func TestUnreadShareBeforeAnyLook(t *testing.T) {
	var got [][]float64
	for _, unread := range []float64{-1, 0.3, 1} {
		srcs := []*Source{source(1, 12, nil), source(2, 48, nil), source(3, 3, nil)}
		cfg := DefaultConfig
		cfg.PerDay, cfg.Access, cfg.SqrtAllocation = 6, AccessModel{Unread: unread}, true
		p, pl := placedUserWith(t, cfg, srcs)
		shares, _, err := p.split(srcs, pl)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, shares)
	}
	floor := float64(day) / float64(DefaultConfig.MaxInterval)
	for i, shares := range got {
		for j, x := range shares {
			if math.Abs(x-got[0][j]) > 1e-9 || !(x > 2*floor) {
				t.Fatalf("setting %d: shares %v, want %v, each well above the floor %v", i, shares, got[0], floor)
			}
		}
	}
}
