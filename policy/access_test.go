package policy

import (
	"testing"
	"time"

	"vigil"
)

func TestUserPolicyFetchesBeforeReadersLook(t *testing.T) {
	// Posts arrive evenly; the one reader looks only at 08:00-08:59 UTC. With
	// one fetch a day the miss-minimising placement (Sia et al., Theorem 1)
	// fetches just before the reader looks: with the reader's own pattern
	// (raw) and with the default prior, which leaves 84 accesses at 08:00
	// the larger part of the shape.
	var looks []time.Time
	for d := range 14 {
		for m := 0; m < 60; m += 10 {
			looks = append(looks, t0.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour+time.Duration(m)*time.Minute))
		}
	}
	readers := []vigil.Reader{{UserID: 3, FeedID: 7, Weight: 1}}
	for _, c := range []struct {
		name  string
		model AccessModel
		at14  bool // whether 14:00 has accesses
	}{{"raw", AccessModel{Raw: true}, false}, {"default", AccessModel{}, true}} {
		s := source(7, 24, nil)
		access := c.model.FeedAccess(readers, map[int64][]time.Time{3: looks}, t0)
		if len(access[7]) != 24 || access[7][8] <= 2*access[7][14] || (access[7][14] > 0) != c.at14 {
			t.Fatalf("%s: learned access pattern %v, want most of it at 08:00", c.name, access[7])
		}
		s.Access = access[7]
		cfg := DefaultConfig
		cfg.PerDay = 1
		p, _ := New("user", cfg)
		if err := p.Plan([]*Source{s}, t0); err != nil {
			t.Fatal(err)
		}
		next := p.Next(s, t0)
		if h := next.Hour(); h < 7 || h > 8 {
			t.Fatalf("%s: the one daily fetch is at %v; the reader looks at 08:00", c.name, next)
		}
		if c.model.FeedAccess(readers, nil, t0)[7] != nil {
			t.Fatalf("%s: a feed whose readers never looked got an access pattern", c.name)
		}
	}
}

// TestFeedAccessPerReader has two readers of one feed: one looks ten times
// at 09:00 every day, the other once at 20:00. Summed by access the busy
// reader's hour weighs ten times the other's; with every reader alike both
// hours weigh the same, and the day's total is the same either way; with
// every reader alike, a reader's weight still counts.
func TestFeedAccessPerReader(t *testing.T) {
	looks := map[int64][]time.Time{}
	for d := range 14 {
		day := t0.Add(-time.Duration(d+1) * 24 * time.Hour)
		for m := range 10 {
			looks[1] = append(looks[1], day.Add(9*time.Hour+time.Duration(m*5)*time.Minute))
		}
		looks[2] = append(looks[2], day.Add(20*time.Hour))
	}
	readers := []vigil.Reader{{UserID: 1, FeedID: 7, Weight: 1}, {UserID: 2, FeedID: 7, Weight: 1}}
	cases := []struct {
		name  string
		model AccessModel // without the prior, which would blur the hours
		ratio float64     // hour 9 over hour 20
	}{{"by access", AccessModel{Raw: true}, 10}, {"readers alike", AccessModel{Raw: true, PerReader: true}, 1}}
	var totals []float64
	for _, c := range cases {
		h := c.model.FeedAccess(readers, looks, t0)[7]
		if len(h) != 24 || h[20] <= 0 {
			t.Fatalf("%s: pattern %v", c.name, h)
		}
		if r := h[9] / h[20]; r < c.ratio*0.99 || r > c.ratio*1.01 {
			t.Errorf("%s: hour 9 weighs %.2f × hour 20, want %v", c.name, r, c.ratio)
		}
		total := 0.0
		for _, v := range h {
			total += v
		}
		totals = append(totals, total)
	}
	if d := totals[0] - totals[1]; d > 1e-9*totals[0] || d < -1e-9*totals[0] {
		t.Errorf("daily accesses %v by access, %v with readers alike", totals[0], totals[1])
	}
	// Alike still keeps the readers' weights: the rare reader weighing 2
	// makes their hour weigh twice the busy reader's.
	readers[1].Weight = 2
	h := AccessModel{Raw: true, PerReader: true}.FeedAccess(readers, looks, t0)[7]
	if r := h[9] / h[20]; r < 0.495 || r > 0.505 {
		t.Errorf("readers alike, weights 1 and 2: hour 9 weighs %.3f × hour 20, want 0.5", r)
	}
}
