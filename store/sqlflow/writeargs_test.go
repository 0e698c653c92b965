package sqlflow

import (
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// TestWriteArgsKeepText checks that the arguments of a feed state and of
// an observation pass their texts through the dialect's Text, in the
// order of the columns, and refuse a feed of another ID.
func TestWriteArgsKeepText(t *testing.T) {
	upper := Dialect{Text: strings.ToUpper}
	tests := []struct {
		name      string
		d         Dialect
		wantTitle string
	}{
		{"text kept", Dialect{}, "title"},
		{"text through Text", upper, "TITLE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := tt.d.FeedStateArgs(7, &vigil.Feed{Title: "title", Status: "active", LastError: "title"})
			if err != nil {
				t.Fatal(err)
			}
			if len(args) != 20 || args[0] != tt.wantTitle || args[4] != "active" || args[11] != tt.wantTitle || args[19] != int64(7) {
				t.Errorf("feed state arguments %v", args)
			}
			obs := tt.d.ObservationArgs(7, vigil.Observation{Error: "title", Pushed: true})
			if len(obs) != 11 || obs[0] != int64(7) || obs[9] != tt.wantTitle || obs[10] != true {
				t.Errorf("observation arguments %v", obs)
			}
		})
	}
	if _, err := (&Dialect{}).FeedStateArgs(7, &vigil.Feed{ID: 8}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("feed of another ID: %v, want EINVALID", err)
	}
}

// TestItemArgs checks that an item's shared arguments come in the order
// of the columns, with its times normalised in the item too, and that the
// sort time is the publication time or, without one, the first sighting.
func TestItemArgs(t *testing.T) {
	seen := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	published := time.Date(2025, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600))
	tests := []struct {
		name       string
		published  time.Time
		wantSortAt time.Time
	}{
		{"published", published, published.UTC()},
		{"never published", time.Time{}, seen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := &vigil.Item{Hash: "h", URL: "u", Title: "t", Author: "a", Summary: "s", Content: "c", Published: tt.published, Seen: seen}
			args, sortAt, err := ItemArgs(it)
			if err != nil {
				t.Fatal(err)
			}
			if len(args) != 8 || args[0] != "h" || args[1] != "u" || args[2] != "t" || args[3] != "a" {
				t.Fatalf("arguments %v", args)
			}
			if it.Published.Location() != time.UTC && !it.Published.IsZero() {
				t.Errorf("publication time %v not normalised", it.Published)
			}
			if args[6] != store.Nanos(tt.published) || sortAt != store.Nanos(tt.wantSortAt) {
				t.Errorf("published %v, sort time %v, want %v and %v", args[6], sortAt, store.Nanos(tt.published), store.Nanos(tt.wantSortAt))
			}
			if _, ok := args[4].([]byte); !ok {
				t.Errorf("summary %T not encoded", args[4])
			}
		})
	}
}
