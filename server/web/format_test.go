package web

import (
	"math"
	"net/netip"
	"testing"
	"time"

	"vigil"
	"vigil/fetch"
	"vigil/server/internal/reading"
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
		{now.Add(-6 * 24 * time.Hour), "2024-12-27 12:00 UTC (6 days ago)"},
		{now.Add(-7 * 24 * time.Hour), "2024-12-26 12:00 UTC"},
		{time.Date(2009, 3, 2, 8, 0, 0, 0, time.UTC), "2009-03-02 08:00 UTC"},
		{time.Date(2025, 1, 2, 14, 30, 0, 0, paris), "2025-01-02 13:30 UTC (in 1 h)"},
	}
	for _, tt := range tests {
		if got := when(tt.t, now); got != tt.want {
			t.Errorf("when(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

func TestRelative(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		t    time.Time
		want string
	}{
		{time.Time{}, "never"},
		{now.Add(-30 * time.Second), "now"},
		{now.Add(-90 * time.Minute), "1 h ago"},
		{now.Add(-6 * 24 * time.Hour), "6 days ago"},
		{now.Add(-7 * 24 * time.Hour), "2026-11-17"},
		{time.Date(2009, 3, 2, 8, 0, 0, 0, time.UTC), "2009-03-02"},
		{now.Add(3 * 24 * time.Hour), "in 3 days"},
		{now.Add(30 * 24 * time.Hour), "2026-12-24"},
	}
	for _, tt := range tests {
		if got := relative(tt.t, now); got != tt.want {
			t.Errorf("relative(%v) = %q, want %q", tt.t, got, tt.want)
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

func TestNumber(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{1, "1"}, {2.5, "2.5"}, {0.01, "0.01"}, {1000, "1000"}, {12346, "12350"},
		{1.23456, "1.235"}, {1e-7, "0.0000001"}, {3e9, "3000000000"},
	}
	for _, tt := range tests {
		if got := reading.Number(tt.f); got != tt.want {
			t.Errorf("number(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestPerPeriod(t *testing.T) {
	tests := []struct {
		perHour float64
		want    string
	}{
		{0, "none seen yet"},
		{math.NaN(), "none seen yet"},
		{25.4, "about 25 an hour"},
		{2.57, "about 2.6 an hour"},
		{1, "about 1 an hour"},
		{0.5, "about 12 a day"},
		{1.0 / 24, "about 1 a day"},
		{0.04, "about 1 a day"},
		{3.0 / 168, "about 3 a week"},
		{1.0 / 168, "about 1 a week"},
		{2.0 / 720, "about 2 a month"},
		{0.1 / 720, "less than 1 a month"},
	}
	for _, tt := range tests {
		if got := perPeriod(tt.perHour); got != tt.want {
			t.Errorf("perPeriod(%v) = %q, want %q", tt.perHour, got, tt.want)
		}
	}
}

func TestRateWords(t *testing.T) {
	fetched := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		f    vigil.Feed
		want string
	}{
		{"never fetched", vigil.Feed{}, "not known yet"},
		{"only failures", vigil.Feed{LastFetch: fetched, Failures: 2}, "not known yet"},
		{"fetched, nothing learned", vigil.Feed{LastSuccess: fetched}, "none seen yet"},
		{"learned", vigil.Feed{LastSuccess: fetched, Rate: 3.0 / 168}, "about 3 a week"},
		{"learned, recent item", vigil.Feed{LastSuccess: fetched, Rate: 3.0 / 168, LastItem: fetched.AddDate(0, 0, -2)}, "about 3 a week"},
		{"silent since 2009", vigil.Feed{LastSuccess: fetched, Rate: 1.0 / 168, LastItem: time.Date(2009, 3, 2, 9, 0, 0, 0, time.UTC)}, "silent since 2009-03-02"},
	}
	for _, tt := range tests {
		if got := rateWords(tt.f, fetched); got != tt.want {
			t.Errorf("%s: rateWords = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFeedLabel(t *testing.T) {
	tests := []struct {
		f    vigil.Feed
		want string
	}{
		{vigil.Feed{Title: "News", URL: "https://example.com/feed"}, "News"},
		{vigil.Feed{URL: "https://example.com:8443/feed.xml"}, "example.com:8443"},
		{vigil.Feed{URL: "not a url"}, "not a url"},
	}
	for _, tt := range tests {
		if got := feedLabel(tt.f); got != tt.want {
			t.Errorf("feedLabel(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestFetchStatus(t *testing.T) {
	refused := (&fetch.AddressError{Addr: netip.MustParseAddr("127.0.0.1"), Reason: "loopback"}).Error()
	tests := []struct {
		o    vigil.Observation
		want string
	}{
		{vigil.Observation{Status: 200}, "200"},
		{vigil.Observation{Status: 304, NotModified: true}, "304 not modified"},
		{vigil.Observation{Status: 503, Error: "HTTP 503"}, "503"},
		{vigil.Observation{Error: "fetch: " + refused}, "refused: private address (--allow-private)"},
		{vigil.Observation{Error: "dial tcp 192.0.2.1:80: i/o timeout"}, "no answer"},
	}
	for _, tt := range tests {
		if got := fetchStatus(tt.o); got != tt.want {
			t.Errorf("fetchStatus(%+v) = %q, want %q", tt.o, got, tt.want)
		}
	}
}
