package storetest

import (
	"context"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// profileOf builds a channel profile of a feed with one term.
func profileOf(feedID int64, term string, cohesion float64, state string) store.ChannelProfile {
	return store.ChannelProfile{
		Profile: vigil.Profile{
			FeedID: feedID, Terms: []vigil.TermWeight{{Term: term, Weight: 0.75}, {Term: term + " pair", Weight: 0.25}},
			Cohesion: cohesion, CohesionSD: 0.1, Items: 12, Novel: 5, NovelRate: 1.5, Updated: t0,
		},
		State: []byte(state),
	}
}

// mustState loads the profiler state.
func mustState(t *testing.T, db store.Store) *store.ProfilerState {
	t.Helper()
	s, err := store.ReadProfilerState(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func testProfilerStateRoundTrip(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	fresh := mustState(t, db)
	if fresh.Through != 0 || fresh.Documents != 0 || fresh.DF == nil || len(fresh.DF) != 0 ||
		fresh.Channels == nil || len(fresh.Channels) != 0 {
		t.Fatalf("fresh state = %+v, want zeros and empty maps", fresh)
	}
	_, err := db.Profile(ctx, a)
	wantCode(t, err, vigil.ENOTFOUND)
	steps := []struct {
		batch   store.ProfileBatch
		wantDF  map[string]int64
		wantChs map[int64][]byte
	}{
		{
			store.ProfileBatch{Through: 10, Documents: 10, DFDelta: map[string]int64{"bird": 3, "sea": 2, "fog": 1},
				Channels: []store.ChannelProfile{profileOf(b, "sea", 0.5, "b1"), profileOf(a, "bird", 0.25, "a1")}},
			map[string]int64{"bird": 3, "sea": 2, "fog": 1},
			map[int64][]byte{a: []byte("a1"), b: []byte("b1")},
		},
		{
			store.ProfileBatch{Through: 25, Documents: 12, DFDelta: map[string]int64{"bird": 2, "sea": -2, "fog": 0, "owl": 4, "new": -1},
				Channels: []store.ChannelProfile{profileOf(a, "owl", 0.75, "a2")}},
			map[string]int64{"bird": 5, "fog": 1, "owl": 4},
			map[int64][]byte{a: []byte("a2"), b: []byte("b1")},
		},
		{
			store.ProfileBatch{Through: 30, Documents: 12, DFDelta: map[string]int64{"bird": -5, "fog": -3}},
			map[string]int64{"owl": 4},
			map[int64][]byte{a: []byte("a2"), b: []byte("b1")},
		},
	}
	for i, step := range steps {
		if err := db.SaveProfiles(ctx, step.batch); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		s := mustState(t, db)
		if s.Through != step.batch.Through || s.Documents != step.batch.Documents {
			t.Errorf("step %d: through %d, documents %d; want %d, %d", i, s.Through, s.Documents,
				step.batch.Through, step.batch.Documents)
		}
		if !maps.Equal(s.DF, step.wantDF) {
			t.Errorf("step %d: DF = %v, want %v", i, s.DF, step.wantDF)
		}
		if !maps.EqualFunc(s.Channels, step.wantChs, func(x, y []byte) bool { return string(x) == string(y) }) {
			t.Errorf("step %d: channel states = %v, want %v", i, s.Channels, step.wantChs)
		}
	}
	got, err := db.Profile(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if want := profileOf(a, "owl", 0.75, "").Profile; !reflect.DeepEqual(*got, want) {
		t.Errorf("profile of a = %+v, want %+v", *got, want)
	}
	all, err := db.Profiles(ctx)
	if err != nil || len(all) != 2 || all[0].FeedID != a || all[1].FeedID != b || all[1].Cohesion != 0.5 {
		t.Errorf("profiles = %+v, %v; want a's then b's", all, err)
	}
}

func testSaveProfilesSkipsDeletedFeeds(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	kept := mustSubscribe(t, db, ann.ID, "https://kept.example/feed")
	gone := mustSubscribe(t, db, ann.ID, "https://gone.example/feed")
	h.DeleteFeed(t, db, gone)
	batch := store.ProfileBatch{Through: 5, Documents: 5, DFDelta: map[string]int64{"x": 1},
		Channels: []store.ChannelProfile{profileOf(gone, "gone", 0, "g"), profileOf(kept, "kept", 0, "k")}}
	if err := db.SaveProfiles(ctx, batch); err != nil {
		t.Fatalf("a batch naming a deleted feed failed: %v", err)
	}
	s := mustState(t, db)
	if s.Through != 5 || s.DF["x"] != 1 || len(s.Channels) != 1 || string(s.Channels[kept]) != "k" {
		t.Errorf("state = %+v, want the batch stored without the deleted feed", s)
	}
	_, err := db.Profile(ctx, gone)
	wantCode(t, err, vigil.ENOTFOUND)
}

func testProfilesGoWithTheirFeed(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	if err := db.SaveProfiles(ctx, store.ProfileBatch{Channels: []store.ChannelProfile{profileOf(id, "t", 0, "s")}}); err != nil {
		t.Fatal(err)
	}
	h.DeleteFeed(t, db, id)
	if all, err := db.Profiles(ctx); err != nil || len(all) != 0 {
		t.Errorf("profiles after deleting the feed = %+v, %v; want none", all, err)
	}
}

func testSaveProfilesFailureKeepsState(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	first := store.ProfileBatch{Through: 7, Documents: 7, DFDelta: map[string]int64{"a": 2, "b": 1},
		Channels: []store.ChannelProfile{profileOf(id, "a", 0.5, "first")}}
	if err := db.SaveProfiles(ctx, first); err != nil {
		t.Fatal(err)
	}
	before := mustState(t, db)
	// A trigger makes the last write of the batch fail, after the
	// watermark and the document frequencies were written.
	h.RefuseCohesion(t, db, 0.125)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	second := store.ProfileBatch{Through: 9, Documents: 8, DFDelta: map[string]int64{"a": -2, "c": 1},
		Channels: []store.ChannelProfile{profileOf(id, "c", 0.125, "second")}}
	nan := second
	nan.Channels = []store.ChannelProfile{profileOf(id, "c", 0, "second")}
	nan.Channels[0].Profile.Terms[0].Weight = 0 / zero
	tests := []struct {
		name  string
		ctx   context.Context
		batch store.ProfileBatch
		code  string
	}{
		{"cancelled context", cancelled, second, vigil.EINTERNAL},
		{"failure inside the transaction", ctx, second, vigil.EINTERNAL},
		{"not a number", ctx, nan, vigil.EINVALID},
		{"negative watermark", ctx, store.ProfileBatch{Through: -1}, vigil.EINVALID},
		{"no feed ID", ctx, store.ProfileBatch{Channels: []store.ChannelProfile{{}}}, vigil.EINVALID},
		{"term not UTF-8", ctx, store.ProfileBatch{DFDelta: map[string]int64{"a": 1, "\xff": 1}}, vigil.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.SaveProfiles(tt.ctx, tt.batch)
			if err == nil {
				t.Fatal("SaveProfiles succeeded")
			}
			wantCode(t, err, tt.code)
			if tt.name == "failure inside the transaction" && !strings.Contains(err.Error(), "refused by the test") {
				t.Errorf("error %v is not the trigger's", err)
			}
			after := mustState(t, db)
			if !reflect.DeepEqual(after, before) {
				t.Errorf("state after a failed save = %+v, want %+v", after, before)
			}
		})
	}
	if p, err := db.Profile(ctx, id); err != nil || p.Terms[0].Term != "a" {
		t.Errorf("profile after failed saves = %+v, %v; want the first one", p, err)
	}
}

// zero is a variable so that 0 / zero is a NaN at run time.
var zero float64

func testItemsAfter(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	first := mustIngest(t, db, a, t0, makeItems("a", 3)).New
	mustIngest(t, db, b, t0.Add(time.Minute), makeItems("b", 2))
	if err := db.MarkRead(ctx, ann.ID, []int64{first[2].ID}, true); err != nil {
		t.Fatal(err)
	}
	all, err := db.ItemsAfter(ctx, 0, 0)
	if err != nil || len(all) != 5 {
		t.Fatalf("ItemsAfter(0, 0) = %d items, %v; want 5", len(all), err)
	}
	for i := 1; i < len(all); i++ {
		if all[i].ID <= all[i-1].ID {
			t.Errorf("items not in ID order: %d after %d", all[i].ID, all[i-1].ID)
		}
	}
	got := all[0] // a2, the last of its fetch, takes the fetch's lowest ID
	if got.ID != first[2].ID || got.FeedID != a || got.Title != "Item a2" || got.Content != "<p>body</p>" ||
		!got.Published.Equal(t0.Add(-3*time.Hour)) || !got.Seen.Equal(t0) || got.Read {
		t.Errorf("item = %+v, want a2 as stored, without ann's read state", got)
	}
	tests := []struct {
		after      int64
		limit      int
		want       []string
		code       string
		wantLength int
	}{
		{first[1].ID, 2, []string{"a0", "b1"}, "", 2},
		{all[4].ID, 0, nil, "", 0},
		{0, 100000, nil, "", 5},
		{0, -1, nil, vigil.EINVALID, 0},
	}
	for _, tt := range tests {
		got, err := db.ItemsAfter(ctx, tt.after, tt.limit)
		wantCode(t, err, tt.code)
		if len(got) != tt.wantLength || (tt.want != nil && !reflect.DeepEqual(itemKeys(got), tt.want)) {
			t.Errorf("ItemsAfter(%d, %d) = %v, want %v", tt.after, tt.limit, itemKeys(got), tt.want)
		}
	}
}
