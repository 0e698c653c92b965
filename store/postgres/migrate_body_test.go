package postgres_test

import (
	"testing"

	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// TestMigrationKeepsPlainBodies takes a database back to schema 3, where
// item bodies were TEXT, with an item stored the old way, and checks that
// migrating it to bytes keeps the item's summary and content.
func TestMigrationKeepsPlainBodies(t *testing.T) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	storetest.FillForSize(t, db, 1)
	const summary, content = "An old summary, stored as text", "<p>An old summary, stored as text, then more.</p>"
	db = migrateFrom(t, db, dsn, `UPDATE items SET summary = ''::bytea, content = ''::bytea;
		ALTER TABLE items ALTER COLUMN summary DROP DEFAULT, ALTER COLUMN content DROP DEFAULT;
		ALTER TABLE items ALTER COLUMN summary TYPE TEXT USING '', ALTER COLUMN content TYPE TEXT USING '';
		UPDATE items SET summary = '`+summary+`', content = '`+content+`';
		DROP TABLE plan_states;`+dropAlerts+schemaV6Search+`
		UPDATE vigil_schema SET version = 3`)
	if v := schemaVersion(t, dsn); v != postgres.MigrationCount() {
		t.Errorf("schema version %d after Open, want %d", v, postgres.MigrationCount())
	}
	items, err := db.ItemsAfter(ctx, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Summary != summary || items[0].Content != content {
		t.Fatalf("items after migration = %+v, want one with the old summary and content", items)
	}
}

// dropAlerts takes the outbox, alert rules and channels, the WebSub
// subscriptions and pushed marks, and the columns of the pages' reading
// settings, conditions and undone noise away, as a schema before them had
// none, for the tests that set an older version.
const dropAlerts = `ALTER TABLE pages DROP COLUMN reading; ALTER TABLE pages DROP COLUMN noise_forgotten;
	ALTER TABLE page_follows DROP COLUMN conditions;
	ALTER TABLE page_changes DROP COLUMN withheld; DROP TABLE outbox, alert_rules, notify_channels, push_subscriptions;
	ALTER TABLE observations DROP COLUMN pushed; ALTER TABLE accesses DROP COLUMN feed_id;`
