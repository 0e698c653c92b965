package sqlite

// schemaV1 creates the first schema. Times are INTEGER Unix nanoseconds in
// UTC, NULL for the zero time.
const schemaV1 = `
CREATE TABLE users (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL DEFAULT '',
	token_hash    TEXT UNIQUE,
	created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	expires    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE feeds (
	id            INTEGER PRIMARY KEY,
	url           TEXT NOT NULL UNIQUE,
	title         TEXT NOT NULL DEFAULT '',
	site_url      TEXT NOT NULL DEFAULT '',
	description   TEXT NOT NULL DEFAULT '',
	language      TEXT NOT NULL DEFAULT '',
	status        TEXT NOT NULL,
	created_at    INTEGER NOT NULL,
	etag          TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '',
	last_fetch    INTEGER,
	last_success  INTEGER,
	next_fetch    INTEGER,
	last_status   INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT NOT NULL DEFAULT '',
	failures      INTEGER NOT NULL DEFAULT 0,
	failing_since INTEGER,
	missing       INTEGER NOT NULL DEFAULT 0,
	hints         TEXT NOT NULL DEFAULT '{}',
	item_window   INTEGER NOT NULL DEFAULT 0,
	model         BLOB,
	rate          REAL NOT NULL DEFAULT 0,
	item_count    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX feeds_next_fetch ON feeds(next_fetch);

CREATE TABLE subscriptions (
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	feed_id    INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	weight     REAL NOT NULL,
	created_at INTEGER NOT NULL,
	PRIMARY KEY (user_id, feed_id)
) WITHOUT ROWID;
CREATE INDEX subscriptions_feed ON subscriptions(feed_id, user_id);

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

CREATE TABLE observations (
	id            INTEGER PRIMARY KEY,
	feed_id       INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	at            INTEGER NOT NULL,
	status        INTEGER NOT NULL,
	bytes         INTEGER NOT NULL,
	latency       INTEGER NOT NULL,
	items         INTEGER NOT NULL,
	new_items     INTEGER NOT NULL,
	updated_items INTEGER NOT NULL,
	not_modified  INTEGER NOT NULL,
	error         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX observations_feed_at ON observations(feed_id, at);
CREATE INDEX observations_at ON observations(at);

CREATE TABLE notices (
	id      INTEGER PRIMARY KEY,
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	at      INTEGER NOT NULL,
	text    TEXT NOT NULL
);
CREATE INDEX notices_user_at ON notices(user_id, at);
`

// schemaV2 records when users look at their items, so that refresh
// policies can learn each reader's access pattern (Sia et al. §3.3).
const schemaV2 = `
CREATE TABLE accesses (
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	at      INTEGER NOT NULL
);
CREATE INDEX accesses_at ON accesses(at);
`

// schemaV3 adds what people search and discover with: stars and the time an
// item was opened (a reader's signals of interest), free-text interests,
// full-text search over items, and the profiler's channel profiles.
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
//
// The profiler table has exactly one row: the last item ID folded into the
// profiles and the corpus size; term_df holds the document frequency of
// each term.
const schemaV3 = `
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

CREATE TABLE profiles (
	feed_id     INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
	state       BLOB,
	terms       TEXT NOT NULL DEFAULT '[]',
	cohesion    REAL NOT NULL DEFAULT 0,
	cohesion_sd REAL NOT NULL DEFAULT 0,
	items       INTEGER NOT NULL DEFAULT 0,
	novel       INTEGER NOT NULL DEFAULT 0,
	novel_rate  REAL NOT NULL DEFAULT 0,
	updated     INTEGER
);

CREATE TABLE term_df (
	term TEXT PRIMARY KEY,
	df   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE profiler (
	id        INTEGER PRIMARY KEY CHECK (id = 1),
	through   INTEGER NOT NULL,
	documents INTEGER NOT NULL
);
INSERT INTO profiler (id, through, documents) VALUES (1, 0, 0);
`

// schemaV4 adds watched pages (Glance et al.): a page is a feed row with a
// pages row, so one fetch serves every follower and the planner, budget and
// backoff of feeds apply. Version bodies are stored once per distinct
// content (page_blobs, keyed by SHA-256, DEFLATE-compressed), so a page that
// returns to an earlier content, or two URLs serving the same document, cost
// no second copy. page_changes holds the agent's extents of each change as
// the change package encodes them, for the daily group (grp 'daily': every
// change between consecutive versions) and the weekly and monthly groups
// (changes between their reference versions); evaluations the followers' ratings;
// page_follows each follower's threshold, group and the last change seen
// (a follower without a row has the defaults). users gain the digest's
// settings and digests records the days already sent.
const schemaV4 = `
CREATE TABLE pages (
	feed_id      INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
	kinds        TEXT NOT NULL DEFAULT 'text,links,images',
	selector     TEXT NOT NULL DEFAULT '',
	ignore       TEXT NOT NULL DEFAULT '[]',
	noise        BLOB,
	content_type TEXT NOT NULL DEFAULT '',
	note         TEXT NOT NULL DEFAULT ''
);

CREATE TABLE page_blobs (
	hash TEXT PRIMARY KEY,
	size INTEGER NOT NULL,
	data BLOB NOT NULL
) WITHOUT ROWID;

CREATE TABLE page_versions (
	id           INTEGER PRIMARY KEY,
	feed_id      INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	at           INTEGER NOT NULL,
	hash         TEXT NOT NULL REFERENCES page_blobs(hash),
	content_type TEXT NOT NULL DEFAULT '',
	extract      BLOB
);
CREATE INDEX page_versions_feed ON page_versions(feed_id, id);
CREATE INDEX page_versions_hash ON page_versions(hash);

CREATE TABLE page_changes (
	id         INTEGER PRIMARY KEY,
	feed_id    INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	version_id INTEGER NOT NULL REFERENCES page_versions(id) ON DELETE CASCADE,
	prev_id    INTEGER NOT NULL REFERENCES page_versions(id) ON DELETE CASCADE,
	grp        TEXT NOT NULL DEFAULT 'daily',
	at         INTEGER NOT NULL,
	extents    TEXT NOT NULL,
	severity   TEXT NOT NULL,
	summary    TEXT NOT NULL
);
CREATE INDEX page_changes_feed ON page_changes(feed_id, grp, id);

CREATE TABLE evaluations (
	change_id INTEGER NOT NULL REFERENCES page_changes(id) ON DELETE CASCADE,
	user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	rating    TEXT NOT NULL,
	comment   TEXT NOT NULL DEFAULT '',
	at        INTEGER NOT NULL,
	PRIMARY KEY (change_id, user_id)
) WITHOUT ROWID;

CREATE TABLE page_follows (
	user_id   INTEGER NOT NULL,
	feed_id   INTEGER NOT NULL,
	threshold TEXT NOT NULL DEFAULT 'significant',
	frequency TEXT NOT NULL DEFAULT 'daily',
	seen      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (user_id, feed_id),
	FOREIGN KEY (user_id, feed_id) REFERENCES subscriptions(user_id, feed_id) ON DELETE CASCADE
) WITHOUT ROWID;

ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN digest INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN webhook TEXT NOT NULL DEFAULT '';

CREATE TABLE digests (
	user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	day     TEXT NOT NULL,
	PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
`

// The items table's summary and content columns keep their declared TEXT
// type: SQLite stores the encoded values (store.EncodeBody) as BLOBs as
// they are, and rows written as TEXT before bodies were encoded read as
// plain text (see itembody), so no migration rewrites them and the schema
// version, which `vigil migrate` checks, stays as it was.
