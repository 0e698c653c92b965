package plan

import (
	"testing"
	"time"
)

func TestCommaFeedInterval(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	day := 24 * time.Hour
	cases := []struct {
		name      string
		published []time.Time
		cfg       CommaFeedConfig
		want      time.Duration
	}{
		{"no entries", nil, DefaultCommaFeed, day},
		{"silent 30 days", []time.Time{ago(30 * day), ago(31 * day)}, DefaultCommaFeed, day},
		{"silent 29 days 23 hours", []time.Time{ago(30*day - time.Hour), ago(31 * day)}, DefaultCommaFeed, 12 * time.Hour},
		{"silent 14 days", []time.Time{ago(14 * day), ago(15 * day)}, DefaultCommaFeed, 12 * time.Hour},
		{"silent 7 days", []time.Time{ago(7 * day), ago(8 * day)}, DefaultCommaFeed, 6 * time.Hour},
		{"one recent entry, no average", []time.Time{ago(time.Hour)}, DefaultCommaFeed, day},
		{"half the mean gap", []time.Time{ago(time.Hour), ago(3 * time.Hour), ago(5 * time.Hour)}, DefaultCommaFeed, time.Hour},
		{"gap in feed order, not sorted", []time.Time{ago(0), ago(2 * time.Hour), ago(time.Hour)}, DefaultCommaFeed, 45 * time.Minute},
		{"raised to the interval", []time.Time{ago(0), ago(time.Minute)}, DefaultCommaFeed, 5 * time.Minute},
		{"capped at a quarter of max", []time.Time{ago(day), ago(4 * day)}, DefaultCommaFeed, 6 * time.Hour},
		{"entry dated in the future", []time.Time{now.Add(day), now}, DefaultCommaFeed, 6 * time.Hour},
		{"custom 4h max", []time.Time{ago(time.Hour), ago(5 * time.Hour)}, CommaFeedConfig{Interval: 5 * time.Minute, MaxInterval: 4 * time.Hour}, time.Hour},
		{"interval above max/4 wins", []time.Time{ago(time.Hour), ago(2 * time.Hour)}, CommaFeedConfig{Interval: 8 * time.Hour, MaxInterval: day}, 8 * time.Hour},
		{"mean truncated to milliseconds", []time.Time{ago(0), ago(time.Millisecond), ago(2 * time.Millisecond), ago(4 * time.Millisecond)}, CommaFeedConfig{MaxInterval: time.Hour}, 500 * time.Microsecond},
	}
	for _, c := range cases {
		if got := CommaFeedInterval(now, c.published, c.cfg); got != c.want {
			t.Errorf("%s: CommaFeedInterval = %v, want %v", c.name, got, c.want)
		}
	}
}
