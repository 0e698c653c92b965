package reading

import "testing"

// The daily chart's text alternative counts the planned fetches in words
// a reader of a screen reader hears: one fetch is singular.
func TestPlannedWords(t *testing.T) {
	tests := []struct {
		minutes []int
		want    string
	}{
		{[]int{210}, "1 fetch planned a day, at 03:30"},
		{[]int{0, 725}, "2 fetches planned a day, at 00:00 12:05"},
		{[]int{0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60}, "13 fetches planned a day, at 00:00 00:05 00:10 00:15 00:20 00:25 00:30 00:35 00:40 00:45 00:50 00:55 …"},
	}
	for _, tt := range tests {
		if got := plannedWords(tt.minutes, len(tt.minutes)); got != tt.want {
			t.Errorf("plannedWords(%v) = %q, want %q", tt.minutes, got, tt.want)
		}
	}
}
