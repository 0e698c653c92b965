package vigil

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestFeedState(t *testing.T) {
	fetched := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		f    Feed
		want FeedState
	}{
		{"never fetched", Feed{Status: FeedActive}, StateNew},
		{"healthy", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 200}, StateActive},
		{"not modified", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 304}, StateActive},
		{"404 once", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 404, Failures: 1}, StateFailing},
		{"error text", Feed{Status: FeedActive, LastFetch: fetched, LastError: "connection refused"}, StateFailing},
		{"failures only", Feed{Status: FeedActive, Failures: 1}, StateFailing},
		{"429, asked to wait", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 429, LastError: "the server answered 429 Too Many Requests"}, StateWaiting},
		{"503, asked to wait", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 503, LastError: "the server answered 503 Service Unavailable"}, StateWaiting},
		{"503 after failures", Feed{Status: FeedActive, LastFetch: fetched, LastStatus: 503, Failures: 2}, StateFailing},
		{"broken", Feed{Status: FeedBroken, LastFetch: fetched, LastError: "timeout", Failures: 9}, StateBroken},
		{"gone", Feed{Status: FeedGone, LastFetch: fetched, LastStatus: 410, Failures: 3}, StateGone},
	}
	for _, tt := range tests {
		if got := tt.f.State(); got != tt.want {
			t.Errorf("%s: State = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFeedJSONHasState(t *testing.T) {
	b, err := json.Marshal(Subscription{Feed: Feed{Status: FeedActive, Failures: 2, Hints: Hints{TTL: time.Minute}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"state":"failing"`, `"status":"active"`, `"ttl_s":60`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
}
