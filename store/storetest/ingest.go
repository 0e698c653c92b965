package storetest

import (
	"errors"
	"testing"
	"time"

	"vigil"
)

func testIngestNewEditedRepeated(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	first := mustIngest(t, db, id, t0, makeItems("a", 3))
	if len(first.New) != 3 || len(first.Updated) != 0 {
		t.Fatalf("first fetch: %d new, %d updated; want 3, 0", len(first.New), len(first.Updated))
	}
	for _, it := range first.New {
		if it.ID == 0 || it.FeedID != id || !it.Seen.Equal(t0) {
			t.Errorf("new item = %+v, want an ID, the feed and Seen %v", it, t0)
		}
	}
	second := makeItems("a", 4)
	second[1].Hash, second[1].Title = "edited", "Edited title"
	second = append(second, second[3], second[0])
	second[len(second)-1].Hash = "a duplicate within the fetch is ignored"
	at := t0.Add(time.Hour)
	got := mustIngest(t, db, id, at, second)
	if len(got.New) != 1 || got.New[0].Key != "a3" || !got.New[0].Seen.Equal(at) {
		t.Errorf("second fetch new = %+v, want only a3 seen at %v", got.New, at)
	}
	if len(got.Updated) != 1 || got.Updated[0].ID != first.New[1].ID || !got.Updated[0].Seen.Equal(t0) {
		t.Errorf("second fetch updated = %+v, want a1 with its first Seen", got.Updated)
	}
	stored, err := db.Item(ctx, 0, first.New[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Title != "Edited title" || stored.Hash != "edited" || !stored.Seen.Equal(t0) {
		t.Errorf("edited item = %+v", stored)
	}
	stored, err = db.Item(ctx, 0, first.New[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Hash != "h-a0" {
		t.Errorf("a repeated key later in the fetch changed the item: hash %q", stored.Hash)
	}
	obs, err := db.Observations(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 2 || obs[0].NewItems != 1 || obs[0].Updated != 1 || obs[1].NewItems != 3 || !obs[0].At.Equal(at) {
		t.Errorf("observations = %+v, want the second (1 new, 1 updated) before the first (3 new)", obs)
	}
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if f.ItemCount != 4 {
		t.Errorf("ItemCount = %d, want 4", f.ItemCount)
	}
	again := mustIngest(t, db, id, at.Add(time.Hour), second)
	if len(again.New)+len(again.Updated) != 0 {
		t.Errorf("an identical fetch changed %d items", len(again.New)+len(again.Updated))
	}
}

func testIngestDecideSeesAndRollsBack(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	failure := errors.New("planner exploded")
	var seen vigil.Ingested
	_, err := db.Ingest(ctx, fetched(id, t0, makeItems("a", 2)), func(in vigil.Ingested, _ *vigil.Feed) (*vigil.Feed, error) {
		seen = in
		return nil, failure
	})
	if !errors.Is(err, failure) {
		t.Fatalf("Ingest error = %v, want the decide error", err)
	}
	if len(seen.New) != 2 || seen.New[0].ID == 0 {
		t.Errorf("decide saw %+v, want 2 new items with IDs", seen)
	}
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	obs, err := db.Observations(ctx, id, 10)
	if err != nil {
		t.Fatal(err)
	}
	items, err := db.Items(ctx, vigil.ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if f.ItemCount != 0 || len(obs) != 0 || len(items) != 0 {
		t.Errorf("after a failed decide: %d items counted, %d observations, %d items stored; want none",
			f.ItemCount, len(obs), len(items))
	}
	got := mustIngest(t, db, id, t0, makeItems("a", 2))
	if len(got.New) != 2 {
		t.Errorf("after the rollback the items are not new: %+v", got)
	}
}

func testIngestRefuses(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	noKey := makeItems("a", 2)
	noKey[1].Key = ""
	wrongObs := fetched(id, t0, nil)
	wrongObs.Observation.FeedID = id + 1
	tests := []struct {
		name   string
		f      vigil.Fetched
		decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)
		code   string
	}{
		{"unknown feed", fetched(id+1, t0, nil), keepFeed, vigil.ENOTFOUND},
		{"zero time", fetched(id, time.Time{}, nil), keepFeed, vigil.EINVALID},
		{"item without key", fetched(id, t0, noKey), keepFeed, vigil.EINVALID},
		{"observation of another feed", wrongObs, keepFeed, vigil.EINVALID},
		{"decide returns another feed", fetched(id, t0, makeItems("b", 1)),
			func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return &vigil.Feed{ID: id + 1}, nil }, vigil.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := db.Ingest(ctx, tt.f, tt.decide)
			wantCode(t, err, tt.code)
		})
	}
	if n, err := db.CountFetchesSince(ctx, time.Time{}); err != nil || n != 0 {
		t.Errorf("refused fetches left %d observations (%v)", n, err)
	}
}

func testIngestFailedFetch(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	f := vigil.Fetched{FeedID: id, Observation: vigil.Observation{
		At: t0, Status: 0, Latency: 3 * time.Second, Error: "connection refused",
	}}
	got, err := db.Ingest(ctx, f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		return &vigil.Feed{Failures: 1, FailingSince: t0, LastError: "connection refused", LastFetch: t0}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.New)+len(got.Updated) != 0 {
		t.Errorf("a failed fetch stored items: %+v", got)
	}
	obs, err := db.Observations(ctx, id, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := f.Observation
	want.ID, want.FeedID = obs[0].ID, id
	if obs[0] != want {
		t.Errorf("observation = %+v, want %+v", obs[0], want)
	}
	feed, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if feed.Status != vigil.FeedActive || feed.Failures != 1 || !feed.FailingSince.Equal(t0) {
		t.Errorf("feed after failure = %+v (an empty status keeps the stored one)", feed)
	}
}

// testIngestDecideSeesTheWrites checks that decide sees the feed as the
// ingest leaves it (item count, newest item, even when an edit moves the
// newest item back) and the new items with the IDs they are stored under,
// given in the fetch's order, under IDs that fall along it (the feed's
// first item, its newest, lists first among items of one time).
func testIngestDecideSeesTheWrites(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	first := makeItems("a", 2) // published 1 h and 2 h before t0
	mustIngest(t, db, id, t0, first)
	edited := first[0]
	edited.Hash, edited.Published = "h-edited", t0.Add(-5*time.Hour)
	fresh := makeItems("b", 3)
	for i := range fresh {
		fresh[i].Published = t0.Add(-time.Duration(3+i) * time.Hour)
	}
	var seen vigil.Ingested
	var feed *vigil.Feed
	_, err := db.Ingest(ctx, fetched(id, t0.Add(time.Hour), append([]vigil.Item{edited, first[1]}, fresh...)),
		func(in vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
			seen, feed = in, f
			return nil, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	wantLast := t0.Add(-2 * time.Hour) // first[1]: the edit moved first[0] to 5 h before
	if !feed.LastItem.Equal(wantLast) || feed.ItemCount != 5 {
		t.Errorf("decide saw LastItem %v, ItemCount %d; want %v, 5", feed.LastItem, feed.ItemCount, wantLast)
	}
	if !stored.LastItem.Equal(feed.LastItem) || stored.ItemCount != feed.ItemCount {
		t.Errorf("stored LastItem %v, ItemCount %d; decide saw %v, %d",
			stored.LastItem, stored.ItemCount, feed.LastItem, feed.ItemCount)
	}
	if len(seen.New) != 3 || len(seen.Updated) != 1 {
		t.Fatalf("decide saw %d new and %d edited items, want 3 and 1", len(seen.New), len(seen.Updated))
	}
	for i, it := range seen.New {
		got, err := db.Item(ctx, ann.ID, it.ID)
		if err != nil {
			t.Fatalf("new item %d: ID %d: %v", i, it.ID, err)
		}
		if got.Key != fresh[i].Key {
			t.Errorf("new item %d has ID %d, stored with key %q, want %q", i, it.ID, got.Key, fresh[i].Key)
		}
		if i > 0 && it.ID >= seen.New[i-1].ID {
			t.Errorf("new item IDs %d, %d do not fall along the fetch's order", seen.New[i-1].ID, it.ID)
		}
	}
}
