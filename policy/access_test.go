package policy

import (
	"testing"
	"time"

	"vigil"
)

func TestUserPolicyFetchesBeforeReadersLook(t *testing.T) {
	// Posts arrive evenly; the one reader looks only at 08:00-08:59 UTC. With
	// one fetch a day the miss-minimising placement (Sia et al., Theorem 1)
	// fetches just before the reader looks.
	s := source(7, 24, nil)
	var looks []time.Time
	for d := range 14 {
		for m := 0; m < 60; m += 10 {
			looks = append(looks, t0.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour+time.Duration(m)*time.Minute))
		}
	}
	readers := []vigil.Reader{{UserID: 3, FeedID: 7, Weight: 1}}
	access := FeedAccess(readers, map[int64][]time.Time{3: looks}, t0)
	if len(access[7]) != 24 || access[7][8] <= 0 || access[7][14] != 0 {
		t.Fatalf("learned access pattern %v, want all of it at 08:00", access[7])
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
		t.Fatalf("the one daily fetch is at %v; the reader looks at 08:00", next)
	}
	if FeedAccess(readers, nil, t0)[7] != nil {
		t.Fatal("a feed whose readers never looked got an access pattern")
	}
}
