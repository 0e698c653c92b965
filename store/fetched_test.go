package store

import (
	"encoding/json"
	"testing"
	"time"

	"vigil"
)

func TestCheckFetched(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		f    vigil.Fetched
		code string
	}{
		{"fine", vigil.Fetched{FeedID: 1, Observation: vigil.Observation{At: at}, Items: []vigil.Item{{Key: "a"}}}, ""},
		{"no time", vigil.Fetched{FeedID: 1}, vigil.EINVALID},
		{"another feed", vigil.Fetched{FeedID: 1, Observation: vigil.Observation{FeedID: 2, At: at}}, vigil.EINVALID},
		{"item without key", vigil.Fetched{FeedID: 1, Observation: vigil.Observation{At: at}, Items: []vigil.Item{{}}}, vigil.EINVALID},
	}
	for _, tt := range tests {
		if got := vigil.ErrorCode(CheckFetched(tt.f)); got != tt.code {
			t.Errorf("%s: code %q, want %q", tt.name, got, tt.code)
		}
	}
}

func TestUniqueItems(t *testing.T) {
	in := []vigil.Item{
		{ID: 9, FeedID: 5, Key: "a", Title: "first", Read: true, Starred: true, FeedTitle: "x"},
		{Key: "b"},
		{Key: "a", Title: "second"},
	}
	got := UniqueItems(1, in)
	if len(got) != 2 || got[0].Key != "a" || got[0].Title != "first" || got[1].Key != "b" {
		t.Fatalf("UniqueItems = %+v, want the first a, then b", got)
	}
	if a := got[0]; a.ID != 0 || a.FeedID != 1 || a.Read || a.Starred || a.FeedTitle != "" {
		t.Errorf("UniqueItems kept %+v, want no ID, feed 1 and no reader's state", a)
	}
	if in[0].ID != 9 {
		t.Errorf("UniqueItems changed its input: %+v", in[0])
	}
}

func TestFeedState(t *testing.T) {
	local := time.Date(2025, 3, 1, 12, 0, 0, 0, time.FixedZone("X", 3600))
	tests := []struct {
		name      string
		feed      vigil.Feed
		wantModel bool
		code      string
	}{
		{"own ID", vigil.Feed{ID: 1, Model: json.RawMessage(`{"r":1}`)}, true, ""},
		{"no ID, no model", vigil.Feed{Hints: vigil.Hints{NotBefore: local}}, false, ""},
		{"another feed", vigil.Feed{ID: 2}, false, vigil.EINVALID},
	}
	for _, tt := range tests {
		hints, model, err := FeedState(1, &tt.feed)
		if vigil.ErrorCode(err) != tt.code {
			t.Errorf("%s: error %v, want code %q", tt.name, err, tt.code)
			continue
		}
		if err != nil {
			continue
		}
		if (model != nil) != tt.wantModel {
			t.Errorf("%s: model %q", tt.name, model)
		}
		var h vigil.Hints
		if err := json.Unmarshal([]byte(hints), &h); err != nil || !h.NotBefore.Equal(tt.feed.Hints.NotBefore) || h.NotBefore.Location() != time.UTC {
			t.Errorf("%s: hints %s (%v), want NotBefore %v in UTC", tt.name, hints, err, tt.feed.Hints.NotBefore)
		}
	}
}

func TestPageObservation(t *testing.T) {
	base := vigil.Observation{Items: 7, NewItems: 7, Updated: 7}
	tests := []struct {
		read, changed   bool
		items, newItems int
	}{
		{false, false, 0, 0},
		{true, false, 1, 0},
		{true, true, 1, 1},
	}
	for _, tt := range tests {
		o := PageObservation(PageFetched{Observation: base, Read: tt.read}, tt.changed)
		if o.Items != tt.items || o.NewItems != tt.newItems || o.Updated != 0 {
			t.Errorf("read %v, changed %v: %+v", tt.read, tt.changed, o)
		}
	}
}
