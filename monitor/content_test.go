package monitor

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"vigil/policy"
	"vigil/profile"
	"vigil/profiler"
)

// madeUpWords returns n made-up words drawn with r: a vocabulary no other
// item shares.
func madeUpWords(r *rand.Rand, n int) string {
	const letters = "bcdfghjklmnprstvz"
	const vowels = "aeiou"
	words := make([]string, n)
	for i := range words {
		var b strings.Builder
		for range 3 {
			b.WriteByte(letters[r.IntN(len(letters))])
			b.WriteByte(vowels[r.IntN(len(vowels))])
		}
		words[i] = b.String()
	}
	return strings.Join(words, " ")
}

// TestContentPolicyLive runs the content policy in the live monitor with
// the real profiler, over two loopback feeds that each post perHour items
// an hour: /repeat the same text under new GUIDs throughout; /novel the
// same for 12 hours, then one item on a new made-up topic every hour
// beside its repeats. The profiler's novelty filter (Roitman et al.
// Eq. 7), which judges an item against its channel's own cohesion, keeps
// /novel's new topics and drops the repeats; the novel rates it learns
// reach the planner at the re-plan, and content then fetches /novel
// several times as often as /repeat, where learned, counting all items,
// fetches them alike.
func TestContentPolicyLive(t *testing.T) {
	const perHour = 3
	h := newHarness(t, Config{})
	ctx := context.Background()
	r := rand.New(rand.NewPCG(10, 25))
	topics := map[int64][]string{} // hour → /novel's texts
	repeated, steady := madeUpWords(r, 20), madeUpWords(r, 20)
	srv, _ := serve(t, func(w http.ResponseWriter, req *http.Request) {
		now := h.clk.Now().Truncate(time.Hour)
		var items []rssItem
		for i := range 5 {
			hour := now.Add(-time.Duration(i) * time.Hour).Unix()
			for j := range perHour {
				text := repeated
				if req.URL.Path == "/novel" {
					text = topics[hour][j]
				}
				items = append(items, rssItem{fmt.Sprintf("%s-%d-%d", req.URL.Path, hour, j), text[:20], text})
			}
		}
		body(rss("", items...))(w, req)
	})
	novel, repeat := h.subscribe(srv.URL+"/novel"), h.subscribe(srv.URL+"/repeat")
	prof, err := profiler.New(ctx, h.st, profiler.Config{Profile: profile.Config{K: 5, Beta: profile.DefaultBeta}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	cfg := policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour, Seed: 1}
	content, err := policy.NewLive("content", cfg, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = content
	// An hour apart, each fetch brings perHour new items of each feed.
	for cycle := range 27 {
		for hour := h.clk.Now().Truncate(time.Hour).Add(-5 * time.Hour); !hour.After(h.clk.Now()); hour = hour.Add(time.Hour) {
			if topics[hour.Unix()] != nil {
				continue
			}
			for j := range perHour {
				text := steady
				if cycle >= 12 && j == 0 {
					text = madeUpWords(r, 20)
				}
				topics[hour.Unix()] = append(topics[hour.Unix()], text)
			}
		}
		if _, err := h.mon.RunOnce(ctx, true); err != nil {
			t.Fatal(err)
		}
		if _, err := prof.CatchUp(ctx); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	rates := map[int64]float64{}
	for _, id := range []int64{novel.ID, repeat.ID} {
		p, err := h.st.Profile(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		rates[id] = p.NovelRate
	}
	if rates[novel.ID] < 12 || rates[repeat.ID] > rates[novel.ID]/4 {
		t.Fatalf("novel rates per day: /novel %.2f, /repeat %.2f; want /novel near 24 (a new topic an hour) and /repeat near 0", rates[novel.ID], rates[repeat.ID])
	}
	learned, err := policy.NewLive("learned", cfg, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		live     *policy.Live
		minRatio float64
		maxRatio float64
	}{
		{content, 3, 1e9},
		{learned, 0.5, 2},
	}
	for _, c := range cases {
		h.mon.planner = c.live
		h.mon.replan(ctx, h.clk.Now())
		gap := map[int64]time.Duration{}
		for _, id := range []int64{novel.ID, repeat.ID} {
			f := h.feed(id)
			gap[id] = c.live.Next(&f, f.LastSuccess).Sub(f.LastSuccess)
		}
		ratio := float64(gap[repeat.ID]) / float64(gap[novel.ID])
		if ratio < c.minRatio || ratio > c.maxRatio {
			t.Errorf("%s: /novel fetched every %v, /repeat every %v: ratio %.2f, want in [%v, %v]",
				c.live.Name(), gap[novel.ID], gap[repeat.ID], ratio, c.minRatio, c.maxRatio)
		}
	}
}
