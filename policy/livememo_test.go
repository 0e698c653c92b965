package policy

import (
	"bytes"
	"testing"
	"time"

	"vigil"
)

// TestNextAfterObserveMatchesADecodedModel checks that the models Observe
// keeps for the Next that follows plan the same next fetch as the models
// decoded from the stored encoding, for every live policy, and that a
// feed whose encoding changed meanwhile is decoded from its bytes.
func TestNextAfterObserveMatchesADecodedModel(t *testing.T) {
	last := t0.Add(-time.Hour)
	for _, name := range LiveNames() {
		t.Run(name, func(t *testing.T) {
			kept, err := NewLive(name, DefaultConfig, 0.2, 48, 0)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := NewLive(name, DefaultConfig, 0.2, 48, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range []*Live{kept, fresh} {
				if _, err := l.Replan([]vigil.Feed{liveFeed(t, 1, 6, last), liveFeed(t, 2, 30, last)}, nil, nil, t0); err != nil {
					t.Fatal(err)
				}
			}
			for i := range 5 {
				now := t0.Add(time.Duration(i) * time.Hour)
				obs := vigil.Observation{FeedID: 1, At: now, Status: 304, NotModified: true}
				a, b := liveFeed(t, 1, 6, last), liveFeed(t, 1, 6, last)
				if err := kept.Observe(&a, obs, nil); err != nil {
					t.Fatal(err)
				}
				if err := fresh.Observe(&b, obs, nil); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.Model, b.Model) {
					t.Fatal("the two policies encoded different models")
				}
				b.Model = bytes.Clone(b.Model) // a copy: decoded, not taken back
				if got, want := kept.Next(&a, now), fresh.Next(&b, now); !got.Equal(want) {
					t.Fatalf("fetch %d: Next after Observe = %v, from the decoded model %v", i, got, want)
				}
			}
			// An encoding replaced after Observe is decoded, not taken back.
			a, other := liveFeed(t, 1, 6, last), liveFeed(t, 1, 300, last)
			if err := kept.Observe(&a, vigil.Observation{FeedID: 1, At: t0, Status: 200}, nil); err != nil {
				t.Fatal(err)
			}
			a.Model = other.Model
			c := liveFeed(t, 1, 300, last)
			c.Model = bytes.Clone(other.Model)
			if got, want := kept.Next(&a, t0), fresh.Next(&c, t0); !got.Equal(want) {
				t.Errorf("Next of a replaced model = %v, want %v as decoded", got, want)
			}
		})
	}
}
