package transfer_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
	"vigil/store/transfer"
)

var ctx = context.Background()

// t0 is the base instant of the tests, with nanoseconds to catch rounding.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)

// fill stores something in every table of st and returns the user.
func fill(t *testing.T, st store.Store) *vigil.User {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	ann := &vigil.User{Name: "ann", PasswordHash: "pw", TokenHash: "tok", CreatedAt: t0, Interests: "birds"}
	must(st.CreateUser(ctx, ann))
	must(st.CreateUser(ctx, &vigil.User{Name: "bob", CreatedAt: t0}))
	must(st.CreateSession(ctx, "sess", ann.ID, t0.Add(time.Hour)))
	var feeds []int64
	for i := range 3 {
		sub, err := st.Subscribe(ctx, ann.ID, fmt.Sprintf("https://f%d.example/feed", i), 1.5, t0)
		must(err)
		feeds = append(feeds, sub.Feed.ID)
		var items []vigil.Item
		for k := range 4 {
			items = append(items, vigil.Item{Key: fmt.Sprintf("k%d", k), Hash: fmt.Sprintf("h%d", k),
				Title: fmt.Sprintf("Osprey %d of feed %d", k, i), Summary: "<p>Café and fish</p>",
				Content: "<p>Café and fish</p><p>more</p>", Published: t0.Add(-time.Duration(k) * time.Hour)})
		}
		_, err = st.Ingest(ctx, vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: t0, Status: 200, NotModified: i == 2}, Items: items},
			func(_ vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
				f.Title, f.Model, f.NextFetch = fmt.Sprintf("Feed %d", i), []byte(`{"rate":1}`), t0.Add(time.Hour)
				return f, nil
			})
		must(err)
	}
	items, err := st.Items(ctx, vigil.ItemQuery{UserID: ann.ID})
	must(err)
	must(st.MarkRead(ctx, ann.ID, []int64{items[0].ID}, true))
	must(st.StarItems(ctx, ann.ID, []int64{items[1].ID}, true))
	must(st.MarkOpened(ctx, ann.ID, items[2].ID, t0))
	must(st.RecordAccess(ctx, ann.ID, t0))
	must(st.MoveFeed(ctx, feeds[2], "https://moved.example/feed", t0))
	must(st.SaveProfiles(ctx, store.ProfileBatch{Through: 5, Documents: 5, DFDelta: map[string]int64{"osprey": 3, "fish": 2},
		Channels: []store.ChannelProfile{{Profile: vigil.Profile{FeedID: feeds[0], Cohesion: 0.25,
			Terms: []vigil.TermWeight{{Term: "osprey", Weight: 0.5}}}, State: []byte{1, 2, 3}}}}))
	return ann
}

func TestCopyKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ann := fill(t, src)
	dst, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	reports, err := transfer.Copy(ctx, path, dst)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int64{}
	for _, r := range reports {
		rows[r.Name] = r.Rows
	}
	want := map[string]int64{"users": 2, "sessions": 1, "feeds": 3, "subscriptions": 3, "items": 12, "item_states": 3,
		"observations": 3, "notices": 1, "accesses": 1, "profiles": 1, "term_df": 2, "profiler": 1}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows copied = %v, want %v", rows, want)
	}
	// Every reading method answers the same on both stores.
	reads := []struct {
		name string
		read func(s store.Store) (any, error)
	}{
		{"users", func(s store.Store) (any, error) { return s.Users(ctx) }},
		{"subscriptions", func(s store.Store) (any, error) { return s.Subscriptions(ctx, ann.ID) }},
		{"feeds", func(s store.Store) (any, error) { return s.Feeds(ctx) }},
		{"items", func(s store.Store) (any, error) { return s.Items(ctx, vigil.ItemQuery{UserID: ann.ID, Limit: 100}) }},
		{"search", func(s store.Store) (any, error) { return s.SearchItems(ctx, ann.ID, "cafe osprey", 100) }},
		{"interest items", func(s store.Store) (any, error) { return s.InterestItems(ctx, ann.ID, 0) }},
		{"session", func(s store.Store) (any, error) { return s.SessionUser(ctx, "sess", t0) }},
		{"notices", func(s store.Store) (any, error) { return s.Notices(ctx, ann.ID) }},
		{"accesses", func(s store.Store) (any, error) { return s.Accesses(ctx, time.Time{}) }},
		{"profiler state", func(s store.Store) (any, error) { return s.ProfilerState(ctx) }},
		{"profiles", func(s store.Store) (any, error) { return s.Profiles(ctx) }},
		{"observations", func(s store.Store) (any, error) { return s.Observations(ctx, 1, 0) }},
	}
	for _, r := range reads {
		a, errA := r.read(src)
		b, errB := r.read(dst)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s differ:\nsqlite   %+v (%v)\npostgres %+v (%v)", r.name, a, errA, b, errB)
		}
	}
	src.Close()
	// New rows take IDs after the copied ones.
	carl := &vigil.User{Name: "carl"}
	if err := dst.CreateUser(ctx, carl); err != nil || carl.ID != 3 {
		t.Errorf("a new user after the copy got ID %d (%v), want 3", carl.ID, err)
	}
}

func TestCopyRefusesANonEmptyTarget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, src)
	src.Close()
	dst, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if err := dst.CreateUser(ctx, &vigil.User{Name: "zed"}); err != nil {
		t.Fatal(err)
	}
	_, err = transfer.Copy(ctx, path, dst)
	if vigil.ErrorCode(err) != vigil.ECONFLICT || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("Copy into a database with a user = %v, want ECONFLICT saying it is not empty", err)
	}
	users, err := dst.Users(ctx)
	if err != nil || len(users) != 1 || users[0].Name != "zed" {
		t.Errorf("target users after the refused copy = %+v, %v; want zed alone", users, err)
	}
}
