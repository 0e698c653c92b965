package sqlite

import "vigil/store/sqlflow"

// columnTypes are SQLite's names for the types of the schema text written
// once in sqlflow: times, IDs and truth values are INTEGER.
var columnTypes = sqlflow.ColumnTypes{
	ID:      "INTEGER PRIMARY KEY",
	Int64:   "INTEGER",
	Float:   "REAL",
	Bytes:   "BLOB",
	Bool:    "INTEGER",
	True:    "1",
	False:   "0",
	NoRowID: " WITHOUT ROWID",
}

// schemaV1 creates the first schema: the users, their sessions, feeds,
// subscriptions, items and item states, observations and notices. Times
// are INTEGER Unix nanoseconds in UTC, NULL for the zero time. The users,
// items and item_states tables are this store's own: their first version
// lacks columns that schemaV3 adds.
var schemaV1 = columnTypes.Expand(`
CREATE TABLE users (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL DEFAULT '',
	token_hash    TEXT UNIQUE,
	created_at    INTEGER NOT NULL
);
`, sqlflow.SessionsTable, sqlflow.FeedsTable, sqlflow.SubscriptionsTable, `
CREATE TABLE items (
	id        INTEGER PRIMARY KEY,
	feed_id   INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	key       TEXT NOT NULL,
	hash      TEXT NOT NULL,
	url       TEXT NOT NULL DEFAULT '',
	title     TEXT NOT NULL DEFAULT '',
	author    TEXT NOT NULL DEFAULT '',
	summary   TEXT NOT NULL DEFAULT '',
	content   TEXT NOT NULL DEFAULT '',
	published INTEGER,
	updated   INTEGER,
	seen      INTEGER NOT NULL,
	sort_at   INTEGER NOT NULL,
	UNIQUE (feed_id, key)
);
CREATE INDEX items_feed_sort ON items(feed_id, sort_at DESC, id DESC);
CREATE INDEX items_sort ON items(sort_at DESC, id DESC);

CREATE TABLE item_states (
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
	feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	read    INTEGER NOT NULL,
	PRIMARY KEY (user_id, item_id)
) WITHOUT ROWID;
CREATE INDEX item_states_user_feed ON item_states(user_id, feed_id, read);
CREATE INDEX item_states_item ON item_states(item_id);
`, sqlflow.ObservationsTable, sqlflow.NoticesTable)

// schemaV2 records when users look at their items (sqlflow.AccessesTable).
var schemaV2 = columnTypes.Expand(sqlflow.AccessesTable)

// schemaV3 adds what people search and discover with: stars and the time an
// item was opened (a reader's signals of interest), free-text interests,
// full-text search over items, and the profiler's channel profiles
// (sqlflow.ProfilerTables).
//
// items_fts indexes each item's title and body (the plain text of its
// summary and content) under rowid = items.id. It is contentless: the text
// is not stored a second time, only the index, so it cannot produce
// snippets; contentless_delete lets rows be replaced and deleted. The
// unicode61 tokenizer with remove_diacritics 2 splits on anything but
// letters and digits in every script and folds case and accents ("Café"
// matches "cafe"); there is no stemming, because feeds come in many
// languages. Ingest keeps the index in step inside its transaction (the
// plain text is made in Go); a trigger removes the rows of deleted items,
// including those a feed's deletion cascades to. indexStoredItems indexes the
// items stored before this version.
var schemaV3 = columnTypes.Expand(`
ALTER TABLE item_states ADD COLUMN starred INTEGER NOT NULL DEFAULT 0;
ALTER TABLE item_states ADD COLUMN opened INTEGER;

ALTER TABLE users ADD COLUMN interests TEXT NOT NULL DEFAULT '';

CREATE VIRTUAL TABLE items_fts USING fts5(
	title, body,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
	DELETE FROM items_fts WHERE rowid = old.id;
END;
`, sqlflow.ProfilerTables)

// schemaV4 adds watched pages (sqlflow.PageTables), the followers'
// ratings and settings (sqlflow.FollowTables) and the digest's
// (sqlflow.DigestTables).
var schemaV4 = columnTypes.Expand(sqlflow.PageTables, sqlflow.FollowTables, sqlflow.DigestTables)

// The items table's summary and content columns keep their declared TEXT
// type: SQLite stores the encoded values (store.EncodeBody) as BLOBs as
// they are, and rows written as TEXT before bodies were encoded read as
// plain text (see itembody), so no migration rewrites them and the schema
// version, which `vigil migrate` checks, stays as it was.
