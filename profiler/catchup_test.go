package profiler_test

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/profiler"
	"vigil/store"
)

// schedule stores the fetches of two channels, astronomy and cooking, and
// returns their feed IDs and the items each got.
func schedule(e *env, fetches int) (a, b int64, want map[int64]int64) {
	a = e.follow("ann", "https://a.example/feed")
	b = e.follow("ann", "https://b.example/feed")
	want = map[int64]int64{}
	for i := range fetches {
		at := t0.Add(time.Duration(i) * time.Hour)
		e.fetch(a, at, "astronomy", texts(topics["astronomy"], 3, uint64(i))...)
		e.fetch(b, at.Add(time.Minute), "cooking", texts(topics["cooking"], 2, uint64(i))...)
		want[a] += 3
		want[b] += 2
	}
	return a, b, want
}

// state reads what the profiler saved.
func (e *env) state() *store.ProfilerState {
	e.t.Helper()
	s, err := store.ReadProfilerState(context.Background(), e.st)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// profiles reads every stored profile by feed ID.
func (e *env) profiles() map[int64]vigil.Profile {
	e.t.Helper()
	ps, err := e.st.Profiles(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	out := make(map[int64]vigil.Profile, len(ps))
	for _, p := range ps {
		out[p.FeedID] = p
	}
	return out
}

// checkCounts fails the test unless the store holds a corpus of total
// items and profiles with the given item counts.
func (e *env) checkCounts(total int64, want map[int64]int64) {
	e.t.Helper()
	s := e.state()
	if s.Documents != total {
		e.t.Errorf("corpus of %d items, want %d", s.Documents, total)
	}
	got := e.profiles()
	for id, n := range want {
		if got[id].Items != n {
			e.t.Errorf("profile of feed %d has %d items, want %d", id, got[id].Items, n)
		}
	}
}

func TestCatchUpFoldsEachItemOnce(t *testing.T) {
	for _, page := range []int{1, 2, 4, 0} {
		t.Run(fmt.Sprintf("page %d", page), func(t *testing.T) {
			e := newEnv(t)
			a, _, want := schedule(e, 5)
			p := e.profiler(profiler.Config{PageSize: page})
			if n := catchUp(t, p); n != 25 {
				t.Fatalf("first catch-up folded %d items, want 25", n)
			}
			if n := catchUp(t, p); n != 0 {
				t.Fatalf("second catch-up folded %d items, want 0", n)
			}
			e.checkCounts(25, want)

			e.reopen()
			p = e.profiler(profiler.Config{PageSize: page})
			if n := catchUp(t, p); n != 0 {
				t.Fatalf("catch-up after a restart folded %d items, want 0", n)
			}
			e.checkCounts(25, want)

			e.fetch(a, t0.Add(10*time.Hour), "astronomy", texts(topics["astronomy"], 2, 99)...)
			want[a] += 2
			if n := catchUp(t, p); n != 2 {
				t.Fatalf("catch-up of a new fetch folded %d items, want 2", n)
			}
			e.checkCounts(27, want)
			if s := e.state(); s.Through != 27 {
				t.Errorf("watermark at item %d, want 27", s.Through)
			}
		})
	}
}

// sameProfiles fails the test unless two stores hold the same corpus and
// the same profiles.
func sameProfiles(t *testing.T, got, want *env) {
	t.Helper()
	gs, ws := got.state(), want.state()
	if gs.Documents != ws.Documents || gs.Through != ws.Through || !maps.Equal(gs.DF, ws.DF) {
		t.Errorf("corpus of %d items through %d with %d terms, want %d through %d with %d terms (equal: %v)",
			gs.Documents, gs.Through, len(gs.DF), ws.Documents, ws.Through, len(ws.DF), maps.Equal(gs.DF, ws.DF))
	}
	gp, wp := got.profiles(), want.profiles()
	if len(gp) != len(wp) {
		t.Fatalf("%d profiles, want %d", len(gp), len(wp))
	}
	for id, w := range wp {
		g := gp[id]
		if g.Items != w.Items || g.Novel != w.Novel || !g.Updated.Equal(w.Updated) {
			t.Errorf("feed %d: %d items, %d novel, updated %v; want %d, %d, %v", id, g.Items, g.Novel, g.Updated, w.Items, w.Novel, w.Updated)
		}
		if math.Abs(g.Cohesion-w.Cohesion) > 1e-9 || math.Abs(g.CohesionSD-w.CohesionSD) > 1e-9 || math.Abs(g.NovelRate-w.NovelRate) > 1e-9 {
			t.Errorf("feed %d: cohesion %v ± %v, novel rate %v; want %v ± %v, %v", id, g.Cohesion, g.CohesionSD, g.NovelRate, w.Cohesion, w.CohesionSD, w.NovelRate)
		}
		if len(g.Terms) == 0 || g.Terms[0].Term != w.Terms[0].Term {
			t.Errorf("feed %d: top terms %v, want %v", id, g.Terms, w.Terms)
		}
	}
}

func TestRestartsResumeWhereTheyStopped(t *testing.T) {
	whole, restarted := newEnv(t), newEnv(t)
	schedule(whole, 6)
	catchUp(t, whole.profiler(profiler.Config{}))

	a := restarted.follow("ann", "https://a.example/feed")
	b := restarted.follow("ann", "https://b.example/feed")
	for i := range 6 {
		at := t0.Add(time.Duration(i) * time.Hour)
		restarted.fetch(a, at, "astronomy", texts(topics["astronomy"], 3, uint64(i))...)
		catchUp(t, restarted.profiler(profiler.Config{}))
		restarted.reopen()
		restarted.fetch(b, at.Add(time.Minute), "cooking", texts(topics["cooking"], 2, uint64(i))...)
		catchUp(t, restarted.profiler(profiler.Config{}))
		restarted.reopen()
	}
	sameProfiles(t, restarted, whole)
}

func TestFailedSaveFoldsNothingTwice(t *testing.T) {
	failing, clean := newEnv(t), newEnv(t)
	a, b, _ := schedule(failing, 3)
	schedule(clean, 3)
	p := failing.profiler(profiler.Config{PageSize: 4})
	catchUp(t, p)
	before := failing.state()
	for _, e := range []*env{failing, clean} {
		e.fetch(a, t0.Add(5*time.Hour), "astronomy", texts(topics["astronomy"], 3, 50)...)
		e.fetch(b, t0.Add(6*time.Hour), "cooking", texts(topics["cooking"], 3, 51)...)
	}

	raw, err := sql.Open("sqlite", failing.path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER refuse BEFORE UPDATE ON profiler BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`); err != nil {
		t.Fatal(err)
	}
	if n, err := p.CatchUp(context.Background()); err == nil || !strings.Contains(err.Error(), "disk on fire") || n != 0 {
		t.Fatalf("catch-up with a failing store folded %d items with error %v, want 0 and the store's error", n, err)
	}
	if got := failing.state(); got.Through != before.Through || got.Documents != before.Documents {
		t.Fatalf("a failed save moved the store to item %d with %d documents", got.Through, got.Documents)
	}
	if hits := p.SearchChannels("telescope", 2); len(hits) == 0 || hits[0].ID != a {
		t.Errorf("search after a failed save found %v, want feed %d first", hits, a)
	}
	if _, err := raw.Exec(`DROP TRIGGER refuse`); err != nil {
		t.Fatal(err)
	}
	if n := catchUp(t, p); n != 6 {
		t.Fatalf("catch-up after the store recovered folded %d items, want 6", n)
	}
	catchUp(t, clean.profiler(profiler.Config{PageSize: 4}))
	sameProfiles(t, failing, clean)
}

func TestCorruptChannelStateRestartsTheChannel(t *testing.T) {
	e := newEnv(t)
	a, b, want := schedule(e, 3)
	catchUp(t, e.profiler(profiler.Config{}))
	raw, err := sql.Open("sqlite", e.path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE profiles SET state = x'01ff02' WHERE feed_id = ?`, a); err != nil {
		t.Fatal(err)
	}

	var log logBuffer
	p, err := profiler.New(context.Background(), e.st, profiler.Config{}, log.logger())
	if err != nil {
		t.Fatalf("start-up with one corrupt channel failed: %v", err)
	}
	if !strings.Contains(log.String(), "feed="+itoa(a)) {
		t.Errorf("log %q does not name feed %d", log.String(), a)
	}
	e.fetch(a, t0.Add(9*time.Hour), "astronomy", texts(topics["astronomy"], 2, 70)...)
	e.fetch(b, t0.Add(9*time.Hour), "cooking", texts(topics["cooking"], 1, 71)...)
	catchUp(t, p)
	got := e.profiles()
	if got[a].Items != 2 {
		t.Errorf("the corrupt channel has %d items, want the 2 folded since it restarted", got[a].Items)
	}
	if got[b].Items != want[b]+1 {
		t.Errorf("the sound channel has %d items, want %d", got[b].Items, want[b]+1)
	}
	if s := e.state(); s.Documents != 18 {
		t.Errorf("corpus of %d items, want 18", s.Documents)
	}
}

func TestReadOnlySavesNothing(t *testing.T) {
	e := newEnv(t)
	a, _, _ := schedule(e, 3)
	p := e.profiler(profiler.Config{ReadOnly: true, PageSize: 4})
	if n := catchUp(t, p); n != 15 {
		t.Fatalf("folded %d items, want 15", n)
	}
	if n := catchUp(t, p); n != 0 {
		t.Fatalf("second catch-up folded %d items, want 0", n)
	}
	if s := e.state(); s.Through != 0 || s.Documents != 0 || len(s.DF) != 0 || len(s.Channels) != 0 {
		t.Errorf("a read-only profiler saved through %d, %d documents, %d terms, %d channels", s.Through, s.Documents, len(s.DF), len(s.Channels))
	}
	if hits := p.SearchChannels("telescope", 1); len(hits) != 1 || hits[0].ID != a {
		t.Errorf("read-only search found %v, want feed %d", hits, a)
	}
}
