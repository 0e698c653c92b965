package policy

import (
	"testing"
	"time"
)

// TestReplanHoldsToTheLastFetch moves a source's daily minutes as a re-plan
// does and checks its next fetch neither repeats the fetch just made nor
// skips the one the move left behind.
func TestReplanHoldsToTheLastFetch(t *testing.T) {
	at := func(h, m int) time.Time { return t0.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	tests := []struct {
		name      string
		minutes   []int
		last, now time.Time
		want      time.Time
	}{
		{"a fetch at its minute", []int{600, 1200}, at(10, 0), at(10, 0), at(20, 0)},
		{"unchanged plan, re-planned later", []int{600, 1200}, at(10, 0), at(13, 0), at(20, 0)},
		// fetched at 10:00, the re-plan at 10:20 moves the minute to
		// 10:30: fetching again at 10:30 would waste a fetch.
		{"minute moved later past the fetch", []int{630, 1200}, at(10, 0), at(10, 20), at(20, 0)},
		// last fetched at 20:00 yesterday; the minute due at 10:15 moves
		// to 9:30, before the re-plan at 10:00: it is due at once.
		{"minute moved earlier past now", []int{570, 1200}, at(-4, 0), at(10, 0), at(10, 0)},
		{"never fetched", []int{600, 1200}, time.Time{}, at(11, 0), at(20, 0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := dayPlan{period: 1, minutes: tc.minutes}
			if got := p.next(tc.now, tc.last); !got.Equal(tc.want) {
				t.Fatalf("next = %v, want %v", got.Format(time.DateTime), tc.want.Format(time.DateTime))
			}
		})
	}
}
