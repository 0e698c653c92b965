package change

import (
	"testing"
	"time"
)

func mustLoad(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Skipf("time zone %s not available: %v", name, err)
	}
	return loc
}

func TestPeriodStart(t *testing.T) {
	ny := mustLoad(t, "America/New_York")
	tokyo := mustLoad(t, "Asia/Tokyo")
	utc := Calendar{}
	tests := []struct {
		name string
		cal  Calendar
		t    time.Time
		f    Frequency
		want time.Time
	}{
		{"day", utc, time.Date(2026, 4, 15, 13, 5, 0, 0, time.UTC), Daily, time.Date(2026, 4, 15, 0, 0, 0, 0, time.UTC)},
		// 2026-04-15 is a Wednesday; ISO weeks start on Monday the 13th.
		{"week", utc, time.Date(2026, 4, 15, 13, 0, 0, 0, time.UTC), Weekly, time.Date(2026, 4, 13, 0, 0, 0, 0, time.UTC)},
		// Sunday the 19th still belongs to the week of Monday the 13th.
		{"sunday ends the week", utc, time.Date(2026, 4, 19, 23, 59, 0, 0, time.UTC), Weekly, time.Date(2026, 4, 13, 0, 0, 0, 0, time.UTC)},
		{"monday opens the next", utc, time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC), Weekly, time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC)},
		{"sunday weeks", Calendar{SundayWeeks: true}, time.Date(2026, 4, 19, 1, 0, 0, 0, time.UTC), Weekly, time.Date(2026, 4, 19, 0, 0, 0, 0, time.UTC)},
		// A week across a month and a year boundary.
		{"week across new year", utc, time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC), Weekly, time.Date(2026, 12, 28, 0, 0, 0, 0, time.UTC)},
		{"month", utc, time.Date(2026, 2, 28, 23, 0, 0, 0, time.UTC), Monthly, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)},
		{"first of month", utc, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), Monthly, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
		// 2026-05-01 02:00 UTC is still April 30 in New York, already May 1 in Tokyo.
		{"zone behind", Calendar{Location: ny}, time.Date(2026, 5, 1, 2, 0, 0, 0, time.UTC), Monthly, time.Date(2026, 4, 1, 0, 0, 0, 0, ny)},
		{"zone ahead", Calendar{Location: tokyo}, time.Date(2026, 4, 30, 16, 0, 0, 0, time.UTC), Monthly, time.Date(2026, 5, 1, 0, 0, 0, 0, tokyo)},
		// DST starts on 2026-03-08 in New York: that day has 23 hours, and
		// its midnight is EST (05:00 UTC).
		{"spring forward", Calendar{Location: ny}, time.Date(2026, 3, 8, 23, 30, 0, 0, ny), Daily, time.Date(2026, 3, 8, 5, 0, 0, 0, time.UTC)},
		// DST ends on 2026-11-01: midnight is EDT (04:00 UTC); the day has 25 hours.
		{"fall back", Calendar{Location: ny}, time.Date(2026, 11, 1, 23, 30, 0, 0, ny), Daily, time.Date(2026, 11, 1, 4, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.cal.PeriodStart(tt.t, tt.f); !got.Equal(tt.want) {
				t.Errorf("PeriodStart(%v, %v) = %v, want %v", tt.t, tt.f, got, tt.want)
			}
		})
	}
}

func TestDSTDayLength(t *testing.T) {
	ny := mustLoad(t, "America/New_York")
	c := Calendar{Location: ny}
	for _, tt := range []struct {
		day   time.Time
		hours float64
	}{
		{time.Date(2026, 3, 8, 12, 0, 0, 0, ny), 23},
		{time.Date(2026, 11, 1, 12, 0, 0, 0, ny), 25},
		{time.Date(2026, 6, 1, 12, 0, 0, 0, ny), 24},
	} {
		start := c.PeriodStart(tt.day, Daily)
		if got := c.PeriodStart(start.Add(time.Duration(tt.hours*float64(time.Hour))-time.Second), Daily); !got.Equal(start) {
			t.Errorf("%v: last second of the day starts %v, want %v", tt.day, got, start)
		}
		if got := c.PeriodStart(start.Add(time.Duration(tt.hours*float64(time.Hour))), Daily); got.Equal(start) {
			t.Errorf("%v: the day does not end after %v hours", tt.day, tt.hours)
		}
	}
}

func TestStarts(t *testing.T) {
	c := Calendar{}
	sun := time.Date(2026, 5, 31, 22, 0, 0, 0, time.UTC) // a Sunday, last of May
	tests := []struct {
		name     string
		prev, at time.Time
		want     []Frequency
	}{
		{"first fetch", time.Time{}, sun, []Frequency{Daily, Weekly, Monthly}},
		{"same day", sun, sun.Add(time.Hour), nil},
		{"monday, first of june", sun, sun.Add(3 * time.Hour), []Frequency{Daily, Weekly, Monthly}},
		{"tuesday", sun.Add(3 * time.Hour), sun.Add(27 * time.Hour), []Frequency{Daily}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Starts(tt.prev, tt.at)
			if len(got) != len(tt.want) {
				t.Fatalf("Starts = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("Starts = %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestReferencesAndSteps(t *testing.T) {
	c := Calendar{}
	day := func(d, h int) time.Time { return time.Date(2026, 4, d, h, 0, 0, 0, time.UTC) }
	// Fetches every 12 hours from Monday April 13; the page changes on
	// the 14th at noon (v2), the 15th at noon (v3) and the 21st (v4).
	fetches := []Fetch{
		{day(13, 0), 1}, {day(13, 12), 1}, {day(14, 0), 1}, {day(14, 12), 2},
		{day(15, 0), 2}, {day(15, 12), 3}, {day(16, 0), 3}, {day(20, 0), 3},
		{day(21, 0), 3}, {day(21, 12), 4}, {day(22, 0), 4},
	}
	daily := Steps(c.References(fetches, Daily))
	weekly := Steps(c.References(fetches, Weekly))
	// Daily references: 13:v1 14:v1 15:v2 16:v3 20:v3 21:v3 22:v4.
	if len(daily) != 3 || daily[0].From.Version != 1 || daily[0].To.Version != 2 || daily[2].To.Version != 4 {
		t.Errorf("daily steps = %+v", daily)
	}
	// Weekly references: week of 13th: v1, week of 20th: v3; v2 is never
	// seen by the weekly group.
	if len(weekly) != 1 || weekly[0].From.Version != 1 || weekly[0].To.Version != 3 {
		t.Errorf("weekly steps = %+v", weekly)
	}
	if monthly := Steps(c.References(fetches, Monthly)); len(monthly) != 0 {
		t.Errorf("monthly steps = %+v, want none within April", monthly)
	}
}

func TestParseFrequency(t *testing.T) {
	for _, f := range Frequencies() {
		if got, err := ParseFrequency(f.String()); err != nil || got != f {
			t.Errorf("ParseFrequency(%q) = %v, %v", f, got, err)
		}
	}
	if _, err := ParseFrequency("hourly"); err == nil {
		t.Error("ParseFrequency(hourly) gave no error")
	}
}
