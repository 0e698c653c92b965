package postgres_test

import (
	"testing"

	"vigil"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestMigrationBoundedProfilesStartsAfresh takes a database with saved
// profiles back to schema 9 and checks that migrating it empties them and
// moves the profiler's watermark back to the start, while the feeds stay.
func TestMigrationBoundedProfilesStartsAfresh(t *testing.T) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://a.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	batch := store.ProfileBatch{Through: 5, Documents: 5, DFDelta: map[string]int64{"owl": 3},
		Channels: []store.ChannelProfile{{Profile: vigil.Profile{FeedID: sub.Feed.ID}, State: []byte("old")}}}
	if err := db.SaveProfiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	db = migrateFrom(t, db, dsn, dropAlerts+`UPDATE vigil_schema SET version = 9`)
	s, err := store.ReadProfilerState(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if s.Through != 0 || s.Documents != 0 || len(s.DF) != 0 || len(s.Channels) != 0 {
		t.Errorf("after the migration: through %d, %d documents, %d terms, %d channels; want none",
			s.Through, s.Documents, len(s.DF), len(s.Channels))
	}
	if subs, err := db.Subscriptions(ctx, u.ID); err != nil || len(subs) != 1 {
		t.Errorf("the subscription is gone (%d, %v)", len(subs), err)
	}
}
