package store

import (
	"math"
	"testing"
	"time"
)

func TestTimestampRoundTrip(t *testing.T) {
	utc := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)
	tests := []struct {
		name    string
		in      time.Time
		want    time.Time
		isNull  bool
		encoded int64
	}{
		{"zero is NULL", time.Time{}, time.Time{}, true, 0},
		{"exact nanoseconds", utc, utc, false, utc.UnixNano()},
		{"other zone comes back in UTC", utc.In(time.FixedZone("X", 7*3600)), utc, false, utc.UnixNano()},
		{"epoch", time.Unix(0, 0), time.Unix(0, 0).UTC(), false, 0},
		{"before 1678 clamps", time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC), time.Unix(0, math.MinInt64).UTC(), false, math.MinInt64},
		{"after 2262 clamps", time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), time.Unix(0, math.MaxInt64).UTC(), false, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := Nanos(tt.in)
			if n.Valid == tt.isNull {
				t.Fatalf("Nanos(%v).Valid = %v", tt.in, n.Valid)
			}
			got := FromNanos(n)
			if got != tt.want {
				t.Errorf("round trip of %v = %v, want %v", tt.in, got, tt.want)
			}
			if n.Valid && n.Int64 != tt.encoded {
				t.Errorf("Nanos(%v) = %d, want %d", tt.in, n.Int64, tt.encoded)
			}
		})
	}
}

func TestNormaliseDropsMonotonicReading(t *testing.T) {
	now := time.Now()
	got := Normalise(now)
	if got != now.Round(0).UTC() {
		t.Errorf("Normalise(%v) = %v, want %v", now, got, now.Round(0).UTC())
	}
}

func TestSortAt(t *testing.T) {
	seen := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name            string
		published, want time.Time
	}{
		{"undated sorts when seen", time.Time{}, seen},
		{"past date", seen.Add(-time.Hour), seen.Add(-time.Hour)},
		{"same instant", seen, seen},
		{"future date clamps to seen", seen.Add(time.Nanosecond), seen},
	}
	for _, tt := range tests {
		if got := SortAt(tt.published, seen); !got.Equal(tt.want) {
			t.Errorf("%s: SortAt = %v, want %v", tt.name, got, tt.want)
		}
	}
}
