package store

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"vigil"
)

func TestMatchesQuery(t *testing.T) {
	it := vigil.Item{Title: "Rocket Launch at dawn", Summary: "<p>The <b>Falcon</b> orbiter lifts off.</p>", Content: "<p>Crowds watched the launch-pad.</p>"}
	tests := []struct {
		query string
		want  bool
	}{
		{"launch", true},
		{"LAUNCH dawn", true},
		{`"rocket launch"`, true},
		{`"launch rocket"`, false},
		{"orbit*", true},
		{"orbit", false},
		{"falcon crowds", true},
		{"falcon eagle", false},
		{`"launch pad"`, true},
		{`" * "`, false},
		{"", false},
	}
	for _, tt := range tests {
		if got := MatchesQuery(tt.query, it); got != tt.want {
			t.Errorf("MatchesQuery(%q) = %v, want %v", tt.query, got, tt.want)
		}
	}
}

func TestMessagesTitles(t *testing.T) {
	long := strings.Repeat("launch news ", 20)
	items := []vigil.Item{
		{ID: 1, Key: "1", Title: "Launch", URL: "https://example.org/1"},
		{ID: 2, Key: "2", Summary: "<p>" + long + "</p>", URL: "https://example.org/2"},
		{ID: 3, Key: "3", URL: "https://example.org/launch"},
	}
	matches, err := MatchItems(context.Background(), nil, []RuleTarget{{ChannelID: 7, RuleID: 1, Query: "launch"}, {ChannelID: 7, RuleID: 2, Query: "news"}}, items)
	if err != nil {
		t.Fatal(err)
	}
	got, err := matches.Messages(context.Background(), items)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Launch", strings.TrimSpace(long)[:80] + "…"}
	if len(got) != 2 {
		t.Fatalf("Messages = %+v, want items 1 and 2 once each (item 3 has no word to match but its link)", got)
	}
	for i, m := range got {
		if m.Title != want[i] || m.ChannelID != 7 || m.RefID != int64(i+1) {
			t.Errorf("message %d = %+v, want title %q", i, m, want[i])
		}
	}
}

// TestChangeAlertsSkipReturns checks that a change back to an earlier
// state causes no message, whatever its severity.
func TestChangeAlertsSkipReturns(t *testing.T) {
	targets := []FollowTarget{{ChannelID: 1, Threshold: "negligible"}}
	page := vigil.Feed{URL: "https://example.org/p"}
	tests := []struct {
		extents string
		want    int
	}{
		{`{"any":true,"visible":true,"text":0.5}`, 1},
		{`{"any":true,"visible":true,"text":0.5,"return":2}`, 0},
		{`not json`, 1},
	}
	for _, tt := range tests {
		c := NewChange{Extents: json.RawMessage(tt.extents), Severity: "important", Summary: "s"}
		if got := ChangeAlerts(targets, page, 7, c); len(got) != tt.want {
			t.Errorf("extents %s: %d messages, want %d", tt.extents, len(got), tt.want)
		}
	}
}

// countdownContext is a context that ends after its Err was asked a
// number of times: it tells how often matching checks it.
type countdownContext struct {
	context.Context
	left int
}

// Err reports the context cancelled once left reaches 0.
func (c *countdownContext) Err() error {
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

// TestMatchItemsChecksContextPerItem checks that matching asks the
// context before each item and stops as soon as it has ended.
func TestMatchItemsChecksContextPerItem(t *testing.T) {
	items := make([]vigil.Item, 10)
	for i := range items {
		items[i] = vigil.Item{Key: string(rune('a' + i)), Title: "launch"}
	}
	targets := []RuleTarget{{ChannelID: 1, RuleID: 1, Query: "launch"}}
	for _, left := range []int{0, 1, 5, 9} {
		c := &countdownContext{Context: context.Background(), left: left}
		if _, err := MatchItems(c, nil, targets, items); err != context.Canceled || c.left != 0 {
			t.Errorf("context ending after %d items: %v, %d checks left; want context.Canceled, none left", left, err, c.left)
		}
	}
	c := &countdownContext{Context: context.Background(), left: 10}
	m, err := MatchItems(c, nil, targets, items)
	if err != nil || len(m.Channels("j")) != 1 {
		t.Errorf("context lasting 10 items: the last matched %v, %v; want channel 1", m.Channels("j"), err)
	}
}

// TestMatchItemsLimits checks that a rule over the limits matches nothing,
// and that each channel gets an item once however many rules match it.
func TestMatchItemsLimits(t *testing.T) {
	items := []vigil.Item{{Key: "k", Title: "rocket launch"}}
	tests := []struct {
		name    string
		targets []RuleTarget
		want    []int64
	}{
		{"over the size", []RuleTarget{{ChannelID: 1, RuleID: 1, Query: strings.Repeat("launch ", 200)}}, nil},
		{"over the terms", []RuleTarget{{ChannelID: 1, RuleID: 1, Query: strings.Repeat("launch ", 33)}}, nil},
		{"at the terms", []RuleTarget{{ChannelID: 1, RuleID: 1, Query: strings.Repeat("launch ", 32)}}, []int64{1}},
		{"two rules, two channels", []RuleTarget{
			{ChannelID: 1, RuleID: 1, Query: "rocket"}, {ChannelID: 1, RuleID: 2, Query: "launch"},
			{ChannelID: 2, RuleID: 1, Query: "rocket"}, {ChannelID: 2, RuleID: 2, Query: "launch"},
		}, []int64{1, 2}},
	}
	for _, tt := range tests {
		m, err := MatchItems(context.Background(), NewRuleCache(), tt.targets, items)
		if err != nil || !slices.Equal(m.Channels("k"), tt.want) {
			t.Errorf("%s: channels %v, %v; want %v", tt.name, m.Channels("k"), err, tt.want)
		}
	}
}
