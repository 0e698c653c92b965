package sqlflow

// Store is the part of store.Store written once for every SQL store: a
// store embeds it, and its promoted methods serve the store's callers.
type Store struct {
	conn  Conn
	d     Dialect
	sql   Statements
	feeds FeedWriter
}

// Statements is the text of every statement a Store runs, in the store's
// SQL dialect, grouped by concept.
type Statements struct {
	// Notify leaves every follower of the feed $3 the notice text $2 at $1.
	Notify string

	Move         MoveSQL
	Page         PageSQL
	PageChange   PageChangeSQL
	PageVersion  PageVersionSQL
	Subscription SubscriptionSQL
	User         UserSQL
}

// New returns the Store that runs sql on conn, with d's errors and text,
// writing observations and feed states through feeds.
func New(conn Conn, d Dialect, sql Statements, feeds FeedWriter) *Store {
	return &Store{conn: conn, d: d, sql: sql, feeds: feeds}
}
