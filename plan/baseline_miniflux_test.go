package plan

import (
	"testing"
	"time"
)

func TestMinifluxInterval(t *testing.T) {
	day := 24 * time.Hour
	cases := []struct {
		name  string
		count int
		b     Bounds
		want  time.Duration
	}{
		{"no entries waits max", 0, MinifluxBounds, day},
		{"negative count waits max", -3, MinifluxBounds, day},
		{"one a week capped at max", 1, MinifluxBounds, day},
		{"seven a week is daily", 7, MinifluxBounds, day},
		{"fourteen a week", 14, MinifluxBounds, 12 * time.Hour},
		{"hourly", 168, MinifluxBounds, time.Hour},
		{"exactly the minimum", 2016, MinifluxBounds, 5 * time.Minute},
		{"faster than the minimum", 10080, MinifluxBounds, 5 * time.Minute},
		{"uneven division", 3, MinifluxBounds, day},
		{"uneven division below max", 9, Bounds{Min: time.Minute, Max: 7 * day}, 7 * day / 9},
		{"custom max with no entries", 0, Bounds{Min: time.Minute, Max: 2 * time.Hour}, 2 * time.Hour},
		{"crossed bounds: min wins", 1, Bounds{Min: 2 * time.Hour, Max: time.Hour}, 2 * time.Hour},
	}
	for _, c := range cases {
		if got := MinifluxInterval(c.count, c.b); got != c.want {
			t.Errorf("%s: MinifluxInterval(%d, %v) = %v, want %v", c.name, c.count, c.b, got, c.want)
		}
	}
}

func TestMinifluxWeeklyCount(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	day := 24 * time.Hour
	cases := []struct {
		name      string
		published []time.Time
		want      int
	}{
		{"no entries", nil, 0},
		{"one entry", []time.Time{ago(time.Hour)}, 0},
		{"same instant", []time.Time{ago(time.Hour), ago(time.Hour)}, 0},
		{"two a day apart", []time.Time{ago(time.Hour), ago(day + time.Hour)}, 7},
		{"three over two days", []time.Time{ago(0), ago(day), ago(2 * day)}, 7},
		{"ten-hour gaps round up", []time.Time{ago(0), ago(10 * time.Hour)}, 17},
		{"unordered", []time.Time{ago(12 * time.Hour), ago(0), ago(6 * time.Hour)}, 28},
		{"older than a week ignored", []time.Time{ago(0), ago(day), ago(8 * day)}, 7},
		{"exactly a week ago counts", []time.Time{ago(0), ago(7 * day)}, 1},
		{"only one inside the week", []time.Time{ago(0), ago(9 * day)}, 0},
	}
	for _, c := range cases {
		if got := MinifluxWeeklyCount(now, c.published); got != c.want {
			t.Errorf("%s: MinifluxWeeklyCount = %d, want %d", c.name, got, c.want)
		}
	}
}
