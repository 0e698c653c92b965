package sqlflow

import "strings"

// ColumnTypes are a dialect's names for the column types that the schema
// text written once in this package names in braces: {id}, {int64},
// {float}, {bytes}, {bool}, {true}, {false} and {norowid}. Columns whose
// type is the same in every dialect (TEXT, INTEGER) are written as they
// are. A migration's text, once released, must never change: a change to
// the shared text below would change it in every store.
type ColumnTypes struct {
	// ID is the type and key of a table's generated row ID ({id}).
	ID string
	// Int64 is a 64-bit integer: a reference to a row, a time in Unix
	// nanoseconds, a size or a count that may grow large ({int64}).
	Int64 string
	// Float is a double-precision number ({float}).
	Float string
	// Bytes is a string of bytes ({bytes}).
	Bytes string
	// Bool is a truth value ({bool}), whose literals are True and False
	// ({true}, {false}).
	Bool, True, False string
	// NoRowID ends the definition of a table keyed by its primary key
	// alone ({norowid}): " WITHOUT ROWID" in SQLite.
	NoRowID string
}

// Expand returns the schema text pieces, joined, with the type names in
// braces replaced by the dialect's.
func (t ColumnTypes) Expand(pieces ...string) string {
	return strings.NewReplacer(
		"{id}", t.ID, "{int64}", t.Int64, "{float}", t.Float, "{bytes}", t.Bytes,
		"{bool}", t.Bool, "{true}", t.True, "{false}", t.False, "{norowid}", t.NoRowID,
	).Replace(strings.Join(pieces, ""))
}

// The pieces of schema text below each start with a newline and end with
// one, so that joined they stand apart by an empty line. Times are Unix
// nanoseconds in UTC, NULL for the zero time.

// SessionsTable holds the login sessions: a token's hash, its user and
// when it expires.
const SessionsTable = `
CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	user_id    {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	expires    {int64} NOT NULL
){norowid};
CREATE INDEX sessions_user ON sessions(user_id);
`

// FeedsTable holds the feeds (and, through the pages table, the watched
// pages): what the last fetch told of each and the planner's state.
const FeedsTable = `
CREATE TABLE feeds (
	id            {id},
	url           TEXT NOT NULL UNIQUE,
	title         TEXT NOT NULL DEFAULT '',
	site_url      TEXT NOT NULL DEFAULT '',
	description   TEXT NOT NULL DEFAULT '',
	language      TEXT NOT NULL DEFAULT '',
	status        TEXT NOT NULL,
	created_at    {int64} NOT NULL,
	etag          TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '',
	last_fetch    {int64},
	last_success  {int64},
	next_fetch    {int64},
	last_status   INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT NOT NULL DEFAULT '',
	failures      INTEGER NOT NULL DEFAULT 0,
	failing_since {int64},
	missing       INTEGER NOT NULL DEFAULT 0,
	hints         TEXT NOT NULL DEFAULT '{}',
	item_window   INTEGER NOT NULL DEFAULT 0,
	model         {bytes},
	rate          {float} NOT NULL DEFAULT 0,
	item_count    {int64} NOT NULL DEFAULT 0
);
CREATE INDEX feeds_next_fetch ON feeds(next_fetch);
`

// SubscriptionsTable holds which user follows which feed, with what
// weight.
const SubscriptionsTable = `
CREATE TABLE subscriptions (
	user_id    {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	feed_id    {int64} NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	weight     {float} NOT NULL,
	created_at {int64} NOT NULL,
	PRIMARY KEY (user_id, feed_id)
){norowid};
CREATE INDEX subscriptions_feed ON subscriptions(feed_id, user_id);
`

// ObservationsTable holds what each fetch of a feed observed.
const ObservationsTable = `
CREATE TABLE observations (
	id            {id},
	feed_id       {int64} NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	at            {int64} NOT NULL,
	status        INTEGER NOT NULL,
	bytes         {int64} NOT NULL,
	latency       {int64} NOT NULL,
	items         INTEGER NOT NULL,
	new_items     INTEGER NOT NULL,
	updated_items INTEGER NOT NULL,
	not_modified  {bool} NOT NULL,
	error         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX observations_feed_at ON observations(feed_id, at);
CREATE INDEX observations_at ON observations(at);
`

// NoticesTable holds the notices left for users.
const NoticesTable = `
CREATE TABLE notices (
	id      {id},
	user_id {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	at      {int64} NOT NULL,
	text    TEXT NOT NULL
);
CREATE INDEX notices_user_at ON notices(user_id, at);
`

// AccessesTable records when users look at their items, so that refresh
// policies can learn each reader's access pattern (Sia et al. §3.3).
const AccessesTable = `
CREATE TABLE accesses (
	user_id {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	at      {int64} NOT NULL
);
CREATE INDEX accesses_at ON accesses(at);
`

// ProfilerTables hold the profiler's channel profiles. The profiler table
// has exactly one row: the last item ID folded into the profiles and the
// corpus size; term_df holds the document frequency of each term.
const ProfilerTables = `
CREATE TABLE profiles (
	feed_id     {int64} PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
	state       {bytes},
	terms       TEXT NOT NULL DEFAULT '[]',
	cohesion    {float} NOT NULL DEFAULT 0,
	cohesion_sd {float} NOT NULL DEFAULT 0,
	items       INTEGER NOT NULL DEFAULT 0,
	novel       INTEGER NOT NULL DEFAULT 0,
	novel_rate  {float} NOT NULL DEFAULT 0,
	updated     {int64}
);

CREATE TABLE term_df (
	term TEXT PRIMARY KEY,
	df   {int64} NOT NULL
){norowid};

CREATE TABLE profiler (
	id        INTEGER PRIMARY KEY CHECK (id = 1),
	through   {int64} NOT NULL,
	documents {int64} NOT NULL
);
INSERT INTO profiler (id, through, documents) VALUES (1, 0, 0);
`

// PageTables hold the watched pages (Glance et al.): a page is a feed row
// with a pages row, so one fetch serves every follower and the planner,
// budget and backoff of feeds apply. Version bodies are stored once per
// distinct content (page_blobs, keyed by SHA-256, DEFLATE-compressed), so a
// page that returns to an earlier content, or two URLs serving the same
// document, cost no second copy. page_changes holds the agent's extents of
// each change as the change package encodes them, for the daily group (grp
// 'daily': every change between consecutive versions) and the weekly and
// monthly groups (changes between their reference versions).
const PageTables = `
CREATE TABLE pages (
	feed_id      {int64} PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
	kinds        TEXT NOT NULL DEFAULT 'text,links,images',
	selector     TEXT NOT NULL DEFAULT '',
	ignore       TEXT NOT NULL DEFAULT '[]',
	noise        {bytes},
	content_type TEXT NOT NULL DEFAULT '',
	note         TEXT NOT NULL DEFAULT ''
);

CREATE TABLE page_blobs (
	hash TEXT PRIMARY KEY,
	size {int64} NOT NULL,
	data {bytes} NOT NULL
){norowid};

CREATE TABLE page_versions (
	id           {id},
	feed_id      {int64} NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	at           {int64} NOT NULL,
	hash         TEXT NOT NULL REFERENCES page_blobs(hash),
	content_type TEXT NOT NULL DEFAULT '',
	extract      {bytes}
);
CREATE INDEX page_versions_feed ON page_versions(feed_id, id);
CREATE INDEX page_versions_hash ON page_versions(hash);

CREATE TABLE page_changes (
	id         {id},
	feed_id    {int64} NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
	version_id {int64} NOT NULL REFERENCES page_versions(id) ON DELETE CASCADE,
	prev_id    {int64} NOT NULL REFERENCES page_versions(id) ON DELETE CASCADE,
	grp        TEXT NOT NULL DEFAULT 'daily',
	at         {int64} NOT NULL,
	extents    TEXT NOT NULL,
	severity   TEXT NOT NULL,
	summary    TEXT NOT NULL
);
CREATE INDEX page_changes_feed ON page_changes(feed_id, grp, id);
`

// FollowTables hold the followers' ratings of page changes (evaluations)
// and each follower's threshold, group and the last change seen
// (page_follows; a follower without a row has the defaults).
const FollowTables = `
CREATE TABLE evaluations (
	change_id {int64} NOT NULL REFERENCES page_changes(id) ON DELETE CASCADE,
	user_id   {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	rating    TEXT NOT NULL,
	comment   TEXT NOT NULL DEFAULT '',
	at        {int64} NOT NULL,
	PRIMARY KEY (change_id, user_id)
){norowid};

CREATE TABLE page_follows (
	user_id   {int64} NOT NULL,
	feed_id   {int64} NOT NULL,
	threshold TEXT NOT NULL DEFAULT 'significant',
	frequency TEXT NOT NULL DEFAULT 'daily',
	seen      {int64} NOT NULL DEFAULT 0,
	PRIMARY KEY (user_id, feed_id),
	FOREIGN KEY (user_id, feed_id) REFERENCES subscriptions(user_id, feed_id) ON DELETE CASCADE
){norowid};
`

// DigestTables give users the digest's settings and record the days
// whose digest was already sent.
const DigestTables = `
ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN digest {bool} NOT NULL DEFAULT {true};
ALTER TABLE users ADD COLUMN webhook TEXT NOT NULL DEFAULT '';

CREATE TABLE digests (
	user_id {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	day     TEXT NOT NULL,
	PRIMARY KEY (user_id, day)
){norowid};
`

// AlertsSchema is the migration that adds the users' notification
// channels, their alert rules over feeds and the outbox of messages
// waiting to be sent; a channel's send_after is its rate limit, the
// earliest its messages may be claimed again. A sent message is deleted;
// the UNIQUE constraint keeps an item or change from being queued twice
// for one channel.
const AlertsSchema = `
CREATE TABLE notify_channels (
	id            {id},
	user_id       {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url           TEXT NOT NULL,
	shown         TEXT NOT NULL,
	created_at    {int64} NOT NULL,
	failures      INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT NOT NULL DEFAULT '',
	last_error_at {int64},
	last_sent_at  {int64},
	send_after    {int64} NOT NULL DEFAULT 0,
	UNIQUE (user_id, url)
);

CREATE TABLE alert_rules (
	id         {id},
	user_id    {int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	feed_id    {int64} REFERENCES feeds(id) ON DELETE CASCADE,
	query      TEXT NOT NULL,
	created_at {int64} NOT NULL
);
CREATE INDEX alert_rules_user ON alert_rules(user_id);
CREATE INDEX alert_rules_feed ON alert_rules(feed_id) WHERE feed_id IS NOT NULL;

CREATE TABLE outbox (
	id          {id},
	channel_id  {int64} NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
	kind        TEXT NOT NULL,
	ref_id      {int64} NOT NULL,
	title       TEXT NOT NULL,
	link        TEXT NOT NULL,
	body        TEXT NOT NULL,
	created_at  {int64} NOT NULL,
	next_at     {int64} NOT NULL,
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease_owner TEXT NOT NULL DEFAULT '',
	lease_until {int64} NOT NULL DEFAULT 0,
	UNIQUE (channel_id, kind, ref_id)
);
CREATE INDEX outbox_due ON outbox(next_at);
`

// PushSchema is the migration that adds the feeds' WebSub subscriptions
// and marks the observations whose content a hub pushed. A subscription
// names its feed without a foreign key: it stays after the feed is
// removed, until vigil has asked the hub to end it.
const PushSchema = `
CREATE TABLE push_subscriptions (
	feed_id      {int64} PRIMARY KEY,
	hub          TEXT NOT NULL,
	topic        TEXT NOT NULL,
	state        TEXT NOT NULL,
	callback_key TEXT NOT NULL,
	secret       TEXT NOT NULL,
	requested_at {int64},
	lease_until  {int64},
	last_push_at {int64},
	note         TEXT NOT NULL DEFAULT ''
);

ALTER TABLE observations ADD COLUMN pushed {bool} NOT NULL DEFAULT {false};
`

// PageReadingSchema is the migration that adds how a page is fetched and
// read (pages.reading: vigil.PageReading as JSON: rendered in a browser,
// XPath, jq), each follower's conditions (page_follows.conditions, a JSON
// list of vigil.Condition) and, per change, the followers whose
// conditions it did not meet (page_changes.withheld, a JSON list of user
// IDs).
const PageReadingSchema = `
ALTER TABLE pages ADD COLUMN reading TEXT NOT NULL DEFAULT '{}';
ALTER TABLE page_follows ADD COLUMN conditions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE page_changes ADD COLUMN withheld TEXT NOT NULL DEFAULT '[]';
`

// PageNoiseSchema is the migration that adds the learned noise items each
// page's owner undid (pages.noise_forgotten, a JSON list of the change
// package's NoiseItem keys): the monitor never learns them again.
const PageNoiseSchema = `
ALTER TABLE pages ADD COLUMN noise_forgotten TEXT NOT NULL DEFAULT '[]';
`

// AccessLooksSchema is the migration that lets an access name the one feed
// it concerns (accesses.feed_id; NULL for an access to all the user's
// feeds): a look, which the planner learns as a look at that feed alone.
// The index serves a feed's chart and a feed's deletion.
const AccessLooksSchema = `
ALTER TABLE accesses ADD COLUMN feed_id {int64} REFERENCES feeds(id) ON DELETE CASCADE;
CREATE INDEX accesses_feed ON accesses(feed_id, at);
`
