package postgres_test

import (
	"testing"
	"time"

	"vigil"
	"vigil/policy"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestFeedRowsKeepTheirModelsUncompressed records a 304 of a feed whose
// models are a fresh set (about 1.9 KB, most of it zero rates, which
// PostgreSQL's compression would shrink to a fifth) and checks that the
// row keeps them as they are, on a database migrated from the schema
// before schemaFeedsInline: compressing them again at every fetch was a
// tenth of the server's CPU in an unchanged refresh.
func TestFeedRowsKeepTheirModelsUncompressed(t *testing.T) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	db = migrateFrom(t, db, dsn, `ALTER TABLE feeds RESET (toast_tuple_target);
		ALTER TABLE accesses DROP COLUMN feed_id;
		UPDATE vigil_schema SET version = 16`)
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://inline.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	model, err := policy.NewModels(0.3, t0).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	f := sub.Feed
	f.Model, f.LastFetch, f.NextFetch = model, t0.Add(time.Hour), t0.Add(2*time.Hour)
	obs := vigil.Observation{FeedID: f.ID, At: t0.Add(time.Hour), Status: 304, NotModified: true}
	if err := db.RecordFetch(ctx, obs, &f); err != nil {
		t.Fatal(err)
	}
	var stored, raw int
	err = db.Pool().QueryRow(ctx, `SELECT pg_column_size(model), octet_length(model) FROM feeds WHERE id = $1`, f.ID).Scan(&stored, &raw)
	if err != nil {
		t.Fatal(err)
	}
	if raw != len(model) || stored < raw {
		t.Errorf("models of %d bytes stored in %d (%d raw): compressed or changed, want them as they are", len(model), stored, raw)
	}
}
