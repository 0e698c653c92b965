package transfer

// table is one table the copy carries: its columns, in the order both
// stores have them, the columns that are booleans in PostgreSQL (integers
// 0 and 1 in SQLite), the order rows are compared in, and the identity
// column whose sequence continues after the copied IDs.
type table struct {
	name     string
	columns  []string
	booleans []string
	order    string
	text     bool // order is a text column, compared byte by byte
	identity string
}

// tables are the tables of schema version 12 of the embedded store, in an
// order that satisfies the foreign keys. The full-text index (items_fts in
// SQLite, items.search_text in PostgreSQL) is rebuilt, not copied.
var tables = []table{
	{name: "users", columns: []string{"id", "name", "password_hash", "token_hash", "created_at", "interests",
		"fever_key_hash", "email", "digest", "webhook"}, booleans: []string{"digest"}, order: "id", identity: "id"},
	{name: "sessions", columns: []string{"token_hash", "user_id", "expires"}, order: "token_hash", text: true},
	{name: "feeds", columns: []string{"id", "url", "title", "site_url", "description", "language", "status",
		"created_at", "etag", "last_modified", "last_fetch", "last_success", "next_fetch", "last_status",
		"last_error", "failures", "failing_since", "missing", "hints", "item_window", "model", "rate", "item_count"},
		order: "id", identity: "id"},
	{name: "subscriptions", columns: []string{"user_id", "feed_id", "weight", "created_at", "folder", "title"},
		order: "user_id, feed_id"},
	{name: "items", columns: []string{"id", "feed_id", "key", "hash", "url", "title", "author", "summary", "content",
		"published", "updated", "seen", "sort_at"}, order: "id", identity: "id"},
	{name: "item_states", columns: []string{"user_id", "item_id", "feed_id", "read", "starred", "opened"},
		booleans: []string{"read", "starred"}, order: "user_id, item_id"},
	{name: "observations", columns: []string{"id", "feed_id", "at", "status", "bytes", "latency", "items", "new_items",
		"updated_items", "not_modified", "error", "pushed"}, booleans: []string{"not_modified", "pushed"}, order: "id", identity: "id"},
	{name: "notices", columns: []string{"id", "user_id", "at", "text"}, order: "id", identity: "id"},
	{name: "accesses", columns: []string{"user_id", "feed_id", "at"}, order: "user_id, at, COALESCE(feed_id, 0)"},
	{name: "profiles", columns: []string{"feed_id", "state", "terms", "cohesion", "cohesion_sd", "items", "novel",
		"novel_rate", "updated"}, order: "feed_id"},
	{name: "term_df", columns: []string{"term", "df"}, order: "term", text: true},
	{name: "profiler", columns: []string{"id", "through", "documents"}, order: "id"},
	{name: "pages", columns: []string{"feed_id", "kinds", "selector", "ignore", "noise", "content_type", "note",
		"returns", "reading", "noise_forgotten"}, order: "feed_id"},
	{name: "page_blobs", columns: []string{"hash", "size", "data"}, order: "hash", text: true},
	{name: "page_versions", columns: []string{"id", "feed_id", "at", "hash", "content_type", "extract"},
		order: "id", identity: "id"},
	{name: "page_changes", columns: []string{"id", "feed_id", "version_id", "prev_id", "grp", "at", "extents",
		"severity", "summary", "withheld"}, order: "id", identity: "id"},
	{name: "evaluations", columns: []string{"change_id", "user_id", "rating", "comment", "at"}, order: "change_id, user_id"},
	{name: "page_follows", columns: []string{"user_id", "feed_id", "threshold", "frequency", "seen",
		"conditions"},
		order: "user_id, feed_id"},
	{name: "digests", columns: []string{"user_id", "day"}, order: "user_id, day", text: true},
	{name: "plan_states", columns: []string{"policy", "state", "planned_at"}, order: "policy", text: true},
	{name: "notify_channels", columns: []string{"id", "user_id", "url", "shown", "created_at", "failures", "last_error",
		"last_error_at", "last_sent_at", "send_after"}, order: "id", identity: "id"},
	{name: "alert_rules", columns: []string{"id", "user_id", "feed_id", "query", "created_at"}, order: "id", identity: "id"},
	{name: "outbox", columns: []string{"id", "channel_id", "kind", "ref_id", "title", "link", "body", "created_at",
		"next_at", "attempts", "lease_owner", "lease_until"}, order: "id", identity: "id"},
	{name: "push_subscriptions", columns: []string{"feed_id", "hub", "topic", "state", "callback_key", "secret",
		"requested_at", "lease_until", "last_push_at", "note"}, order: "feed_id"},
}

// sqliteOnly are the SQLite tables the copy leaves behind on purpose: the
// full-text index and its shadow tables, rebuilt in PostgreSQL.
var sqliteOnly = map[string]bool{
	"items_fts": true, "items_fts_data": true, "items_fts_idx": true, "items_fts_docsize": true,
	"items_fts_config": true, "items_fts_content": true,
}

// isBoolean reports whether column c of t is a boolean in PostgreSQL.
func (t table) isBoolean(c string) bool {
	for _, b := range t.booleans {
		if b == c {
			return true
		}
	}
	return false
}
