package storetest

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"vigil"
)

// testPlanFeedsMatchesFeeds checks PlanFeeds against the listing it stands
// for: the followed feeds of Feeds, by ID, each reduced to what planning
// reads of it, read whole or a page at a time from any ID.
func testPlanFeedsMatchesFeeds(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	first := mustSubscribe(t, db, ann.ID, "https://first.example/feed")
	orphan := mustSubscribe(t, db, bob.ID, "https://orphan.example/feed")
	fetchedOnce := mustSubscribe(t, db, ann.ID, "https://fetched.example/feed")
	if _, err := db.Subscribe(ctx, bob.ID, "https://fetched.example/feed", 2.5, t0); err != nil {
		t.Fatal(err)
	}
	mustSubscribe(t, db, bob.ID, "https://never.example/feed")
	mustSubscribe(t, db, ann.ID, "https://last.example/feed")
	if err := db.Unsubscribe(ctx, bob.ID, orphan); err != nil {
		t.Fatal(err)
	}
	paris := time.FixedZone("Paris", 3600)
	_, err := db.Ingest(ctx, fetched(fetchedOnce, t0, nil), func(_ vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
		f.LastFetch, f.LastSuccess, f.NextFetch = t0, t0.In(paris), t0.Add(30*time.Minute)
		f.Failures, f.Window, f.Model = 1, 20, json.RawMessage(`{"rate":0.5}`)
		f.Hints = vigil.Hints{NotBefore: t0.Add(45 * time.Minute).In(paris), TTL: time.Hour, SkipHours: []int{3}}
		return f, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetNextFetch(ctx, first, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	feeds, err := db.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var want []vigil.Feed
	for _, f := range feeds {
		if f.Subscribers > 0 {
			want = append(want, planned(f))
		}
	}
	if len(want) != 4 {
		t.Fatalf("%d followed feeds, want 4", len(want))
	}
	all, err := db.PlanFeeds(ctx, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all, want) {
		t.Errorf("PlanFeeds(0, 0) =\n %+v\nwant\n %+v", all, want)
	}
	for _, size := range []int{1, 2, 3, 5} {
		var got []vigil.Feed
		for after := int64(0); ; {
			page, err := db.PlanFeeds(ctx, after, size)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) > size {
				t.Fatalf("PlanFeeds(%d, %d) returned %d feeds", after, size, len(page))
			}
			if len(page) == 0 {
				break
			}
			got, after = append(got, page...), page[len(page)-1].ID
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("PlanFeeds by pages of %d =\n %+v\nwant\n %+v", size, got, want)
		}
	}
	from, err := db.PlanFeeds(ctx, fetchedOnce, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(from) != 2 || from[0].ID <= fetchedOnce {
		t.Errorf("PlanFeeds after %d = %+v, want the 2 followed feeds after it", fetchedOnce, from)
	}
}

// planned reduces f to what PlanFeeds reads of it.
func planned(f vigil.Feed) vigil.Feed {
	return vigil.Feed{ID: f.ID, CreatedAt: f.CreatedAt, LastFetch: f.LastFetch, LastSuccess: f.LastSuccess,
		NextFetch: f.NextFetch, Failures: f.Failures, Hints: f.Hints, Window: f.Window, Model: f.Model,
		Subscribers: f.Subscribers, Weight: f.Weight}
}
