package server

import (
	"testing"
	"time"

	"vigil"
)

func TestWhen(t *testing.T) {
	now := time.Date(2025, 1, 2, 12, 0, 0, 0, time.UTC)
	paris := time.FixedZone("CET", 3600)
	tests := []struct {
		t    time.Time
		want string
	}{
		{time.Time{}, "never"},
		{now, "2025-01-02 12:00 UTC (now)"},
		{now.Add(5 * time.Minute), "2025-01-02 12:05 UTC (in 5 min)"},
		{now.Add(-3 * time.Hour), "2025-01-02 09:00 UTC (3 h ago)"},
		{now.Add(-72 * time.Hour), "2024-12-30 12:00 UTC (3 days ago)"},
		{time.Date(2025, 1, 2, 14, 30, 0, 0, paris), "2025-01-02 13:30 UTC (in 1 h)"},
	}
	for _, tt := range tests {
		if got := when(tt.t, now); got != tt.want {
			t.Errorf("when(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

func TestFeedProblem(t *testing.T) {
	since := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		f    vigil.Feed
		want string
	}{
		{"healthy", vigil.Feed{LastStatus: 200}, ""},
		{"not modified", vigil.Feed{LastStatus: 304}, ""},
		{"status only", vigil.Feed{LastStatus: 404, Failures: 1}, "the server answered 404 Not Found"},
		{"error text", vigil.Feed{LastError: "connection refused", Failures: 1}, "connection refused"},
		{"long failure", vigil.Feed{LastError: "timeout", Failures: 4, FailingSince: since}, "timeout (4 failed fetches in a row since 2025-01-01 00:00 UTC)"},
	}
	for _, tt := range tests {
		if got := feedProblem(tt.f); got != tt.want {
			t.Errorf("%s: feedProblem = %q, want %q", tt.name, got, tt.want)
		}
	}
}
