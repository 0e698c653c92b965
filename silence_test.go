package vigil

import (
	"testing"
	"time"
)

func TestFeedSilent(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	weekly := 1.0 / (7 * 24) // items per hour
	tests := []struct {
		name string
		f    Feed
		want bool
	}{
		{"no item", Feed{Rate: weekly}, false},
		{"weekly, last item 3 days ago", Feed{Rate: weekly, LastItem: now.AddDate(0, 0, -3)}, false},
		{"weekly, last item 2 weeks ago", Feed{Rate: weekly, LastItem: now.AddDate(0, 0, -14)}, false},
		{"weekly, last item 3 weeks ago", Feed{Rate: weekly, LastItem: now.AddDate(0, 0, -21)}, true},
		{"weekly, silent since 2009", Feed{Rate: weekly, LastItem: time.Date(2009, 3, 2, 0, 0, 0, 0, time.UTC)}, true},
		{"hourly, quiet for 2 days", Feed{Rate: 1, LastItem: now.AddDate(0, 0, -2)}, false},
		{"hourly, quiet for 8 days", Feed{Rate: 1, LastItem: now.AddDate(0, 0, -8)}, true},
		{"no rate, last item a month ago", Feed{LastItem: now.AddDate(0, -1, 0)}, true},
	}
	for _, tt := range tests {
		if got := tt.f.Silent(now, DefaultSilenceEvidence); got != tt.want {
			t.Errorf("%s: Silent = %v, want %v", tt.name, got, tt.want)
		}
	}
}
