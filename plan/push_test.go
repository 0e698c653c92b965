package plan

import (
	"math"
	"slices"
	"strings"
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

func TestVerificationInterval(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v     Verification
		unfed time.Duration
		want  time.Duration
	}{
		{"busy feed: the shortest interval", Verification{Every: 6 * time.Hour}, 10 * time.Minute, 6 * time.Hour},
		{"seldom polled: its own interval", Verification{Every: 6 * time.Hour, Multiple: 1}, 30 * time.Hour, 30 * time.Hour},
		{"seldom polled: the default multiple", Verification{Every: 6 * time.Hour}, 30 * time.Hour, 120 * time.Hour},
		{"a multiple of its own interval", Verification{Every: 6 * time.Hour, Multiple: 2}, 5 * time.Hour, 10 * time.Hour},
		{"the multiple below the shortest", Verification{Every: 6 * time.Hour, Multiple: 2}, time.Hour, 6 * time.Hour},
		{"no overflow", Verification{Every: time.Hour, Multiple: 1e6}, 1 << 62, maxDuration},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.v.Interval(tc.unfed); got != tc.want {
				t.Errorf("Interval(%v) = %v, want %v", tc.unfed, got, tc.want)
			}
		})
	}
}

func TestVerificationValidate(t *testing.T) {
	for _, tc := range []struct {
		v    Verification
		want string // a part of the error, "" for none
	}{
		{Verification{Every: time.Hour}, ""},
		{Verification{Every: time.Hour, Multiple: 3}, ""},
		{Verification{Every: -time.Hour}, "negative"},
		{Verification{Every: time.Hour, Multiple: 0.5}, "more often than unfed"},
		{Verification{Every: time.Hour, Multiple: math.NaN()}, "verification multiple"},
		{Verification{Every: time.Hour, Multiple: -1}, "verification multiple"},
	} {
		err := tc.v.Validate()
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate(%+v) = %v, want an error with %q", tc.v, err, tc.want)
		}
	}
}

func TestMeanInterval(t *testing.T) {
	now := time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC)
	every := func(d time.Duration) func(time.Time) time.Time {
		return func(last time.Time) time.Time { return last.Add(d) }
	}
	for _, tc := range []struct {
		name     string
		next     func(time.Time) time.Time
		shortest time.Duration
		want     time.Duration
	}{
		{"even", every(3 * time.Hour), time.Minute, 3 * time.Hour},
		{"even, not a divisor of a day", every(17 * time.Hour), time.Minute, 17 * time.Hour},
		{"a daily slot", func(last time.Time) time.Time { // 06:00 each day
			slot := last.Truncate(day).Add(6 * time.Hour)
			if !slot.After(last) {
				slot = slot.Add(day)
			}
			return slot
		}, time.Minute, day},
		{"longer than a day", every(50 * time.Hour), time.Minute, 50 * time.Hour},
		{"a day's mean", func(last time.Time) time.Time { // 4 fetches by 09:00, none after
			if last.Hour() < 9 {
				return last.Add(90 * time.Minute)
			}
			return last.Add(30 * time.Hour)
		}, time.Minute, 23671232876712}, // from 04:30: 3 more by 09:00, 0.65 of the 30 h gap by the day's end, a day / 3.65
		{"stops below the shortest", every(time.Minute), 6 * time.Hour, 24 * time.Hour / 5},
		{"a next not after the last", func(last time.Time) time.Time { return last }, 12 * time.Hour, 8 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MeanInterval(tc.next, now, tc.shortest); got != tc.want {
				t.Errorf("MeanInterval = %v, want %v", got, tc.want)
			}
		})
	}
}

// evenPlanner is the uniform rule for SplitPlan's tests: every planned
// source fetched every day × n / perDay.
type evenPlanner struct{ gap time.Duration }

func (e *evenPlanner) planning() Planning[int] {
	return Planning[int]{
		Plan: func(srcs []int, perDay float64) error {
			e.gap = time.Duration(float64(day) * float64(len(srcs)) / perDay)
			return nil
		},
		Next: func(_ int, last time.Time) time.Time { return last.Add(e.gap) },
	}
}

func TestSplitPlanTakesTheVerificationPollsOutFirst(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	fedBelow := func(k int) func(int) bool { return func(i int) bool { return i < k } }
	for _, tc := range []struct {
		name     string
		perDay   float64
		fed      int
		v        Verification
		every    time.Duration // each fed source's verification interval
		left     float64
		unfedGap time.Duration
	}{
		// 10 sources at 1 a day: a fed source is verified daily, as unfed,
		// and the others keep their daily fetch (6 h polls took 4 a day).
		{"B = 1: its own interval", 10, 3, Verification{Every: 6 * time.Hour, Multiple: 1}, day, 7, day},
		// multiple 2: verified every 2 days, 1.5 a day freed for 7 sources
		{"B = 1, multiple 2", 10, 3, Verification{Every: 6 * time.Hour, Multiple: 2}, 2 * day, 8.5, 71152941176470}, // day × 7 / 8.5
		// the default multiple, 4: verified every 4 days, 2.25 a day freed
		{"B = 1, the default multiple", 10, 3, Verification{Every: 6 * time.Hour}, 4 * day, 9.25, 65383783783783}, // day × 7 / 9.25
		// at 8 a day the 6 h floor binds: 4 a day each, 4 freed each
		{"B = 8: the shortest interval", 80, 5, Verification{Every: 6 * time.Hour, Multiple: 1}, 6 * time.Hour, 60, 2 * time.Hour},
		{"none fed: one plan", 10, 0, Verification{Every: 6 * time.Hour}, 0, 10, day},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
			var e evenPlanner
			got, err := SplitPlan(all, fedBelow(tc.fed), tc.perDay, tc.v, now, e.planning())
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Verify) != tc.fed {
				t.Fatalf("%d verification intervals, want %d", len(got.Verify), tc.fed)
			}
			for i, every := range got.Verify {
				if i >= tc.fed || every != tc.every {
					t.Errorf("source %d verified every %v, want %v", i, every, tc.every)
				}
			}
			if math.Abs(got.Left-tc.left) > 1e-9 {
				t.Errorf("left %v fetches a day, want %v", got.Left, tc.left)
			}
			if d := e.gap - tc.unfedGap; d < -time.Second || d > time.Second {
				t.Errorf("the unfed sources planned every %v, want %v", e.gap, tc.unfedGap)
			}
		})
	}
}

func TestVerifyCost(t *testing.T) {
	for _, tc := range []struct {
		name     string
		share    float64
		every    time.Duration
		multiple float64
		want     float64
	}{
		{"its own interval: its share", 0.7, 30 * time.Hour, 1, 0.7},
		{"twice its own interval: half its share", 0.7, 60 * time.Hour, 2, 0.35},
		{"the shortest interval: a day over it", 9, 6 * time.Hour, 1, 4},
		{"no share told: a day over it", -1, 48 * time.Hour, 1, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := verifyCost(tc.share, tc.every, 6*time.Hour, tc.multiple); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("verifyCost = %v, want %v", got, tc.want)
			}
		})
	}
}
