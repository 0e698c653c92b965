package profiler_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vigil/profiler"
)

// channels stores one feed per topic, plus a second astronomy feed, each
// with ten items, and returns their feed IDs by name.
func channels(e *env) map[string]int64 {
	ids := map[string]int64{}
	for i, name := range []string{"astronomy", "cooking", "football", "gardening", "stargazing"} {
		topic := name
		if name == "stargazing" {
			topic = "astronomy"
		}
		ids[name] = e.follow("owner", "https://"+name+".example/feed")
		e.fetch(ids[name], t0.Add(time.Duration(i)*time.Minute), name, texts(topics[topic], 10, uint64(10+i))...)
	}
	return ids
}

func TestSearchChannels(t *testing.T) {
	e := newEnv(t)
	ids := channels(e)
	p := e.profiler(profiler.Config{})
	catchUp(t, p)
	tests := []struct {
		query string
		first []int64 // the channels expected first, in any order
		none  bool
	}{
		{query: "telescope galaxy", first: []int64{ids["astronomy"], ids["stargazing"]}},
		{query: "Garlic and BUTTER sauce", first: []int64{ids["cooking"]}},
		{query: "penalties for the goalkeepers", first: []int64{ids["football"]}},
		{query: "compost", first: []int64{ids["gardening"]}},
		{query: "knitting patterns", none: true},
		{query: "the of and", none: true},
		{query: "", none: true},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			hits := p.SearchChannels(tt.query, 10)
			if tt.none {
				if len(hits) != 0 {
					t.Fatalf("found %v, want nothing", hits)
				}
				return
			}
			if len(hits) < len(tt.first) {
				t.Fatalf("found %v, want %v first", hits, tt.first)
			}
			for i, h := range hits[:len(tt.first)] {
				if !contains(tt.first, h.ID) || h.Score <= 0 || h.Score > 1 {
					t.Errorf("hit %d is %+v, want one of %v with a score in (0, 1]", i, h, tt.first)
				}
			}
			for _, h := range hits[len(tt.first):] {
				if h.Score >= hits[len(tt.first)-1].Score {
					t.Errorf("off-topic hit %+v scores as high as an on-topic one", h)
				}
			}
		})
	}
}

func TestFindChannelsDescribes(t *testing.T) {
	e := newEnv(t)
	ids := channels(e)
	p := e.profiler(profiler.Config{})
	catchUp(t, p)
	found, err := p.FindChannels(context.Background(), "simmer the broth", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 {
		t.Fatalf("found %+v, want the cooking channel", found)
	}
	f := found[0]
	if f.FeedID != ids["cooking"] || f.Title != "cooking" || f.URL != "https://cooking.example/feed" ||
		f.SiteURL != "https://site.example/cooking" || f.Description != "All about cooking" || f.Score <= 0 {
		t.Errorf("found %+v, want the cooking channel described", f)
	}
	if len(f.Terms) == 0 || len(f.Terms) > 10 || len(f.Affinities) == 0 || len(f.Affinities) > 10 {
		t.Errorf("channel described with %d terms and %d affinities, want 1 to 10 of each", len(f.Terms), len(f.Affinities))
	}
	for _, tw := range f.Terms {
		if strings.Contains(tw.Term, " ") {
			t.Errorf("affinity %q among the channel's terms", tw.Term)
		}
	}
}

func TestSimilarChannels(t *testing.T) {
	e := newEnv(t)
	ids := channels(e)
	p := e.profiler(profiler.Config{})
	catchUp(t, p)
	if got := p.Similar(ids["astronomy"], 3); len(got) != 0 {
		t.Errorf("similar channels %v before any sample, want none", got)
	}
	p.Sample()
	got := p.Similar(ids["astronomy"], 3)
	if len(got) == 0 || got[0].ID != ids["stargazing"] {
		t.Errorf("channels like astronomy: %v, want stargazing (%d) first", got, ids["stargazing"])
	}
}

func TestRunCatchesUpUntilCancelled(t *testing.T) {
	e := newEnv(t)
	ids := channels(e)
	p := e.profiler(profiler.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		p.Run(ctx, 20*time.Millisecond)
		close(done)
	}()
	// Run samples the similarities after its second catch-up.
	deadline := time.Now().Add(10 * time.Second)
	for len(p.Similar(ids["stargazing"], 1)) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	if got := len(e.profiles()); got != len(ids) {
		t.Fatalf("Run stored %d profiles, want %d", got, len(ids))
	}
	if got := p.Similar(ids["stargazing"], 1); len(got) != 1 || got[0].ID != ids["astronomy"] {
		t.Errorf("channels like stargazing after Run: %v, want astronomy", got)
	}
}

func contains(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
