package sqlflow

import (
	"fmt"
	"reflect"
	"strings"
)

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
	// FetchHours counts, for store.ScanFetchHour, the observations per
	// feed and hour before the instant $1 of those at most $2 nanoseconds
	// old, with the failed ones (an error, a status of 400 or more, or no
	// status without a 304) and the new items.
	FetchHours string

	Access       AccessSQL
	Digest       DigestSQL
	Feed         FeedSQL
	FetchList    FetchListSQL
	Fever        FeverSQL
	Folder       FolderSQL
	Health       HealthSQL
	Item         ItemSQL
	Move         MoveSQL
	Notice       NoticeSQL
	Observation  ObservationSQL
	Page         PageSQL
	PageChange   PageChangeSQL
	PageFollow   PageFollowSQL
	PageVersion  PageVersionSQL
	PlanState    PlanStateSQL
	Profile      ProfileSQL
	Session      SessionSQL
	State        StateSQL
	Stream       StreamSQL
	Subscription SubscriptionSQL
	User         UserSQL
}

// New returns the Store that runs sql on conn, with d's errors and text,
// writing observations and feed states through feeds. Every statement
// must have its text but those tagged optional.
func New(conn Conn, d Dialect, sql Statements, feeds FeedWriter) (*Store, error) {
	if missing := missingStatements(reflect.ValueOf(sql), "Statements"); len(missing) > 0 {
		return nil, fmt.Errorf("%s: no text for the statements %s", d.Name, strings.Join(missing, ", "))
	}
	return &Store{conn: conn, d: d, sql: sql, feeds: feeds}, nil
}

// missingStatements returns the names of the empty statements in v, a
// struct of statements (texts, or functions building them) and of structs
// of statements, that are not tagged optional.
func missingStatements(v reflect.Value, name string) []string {
	var missing []string
	for i := 0; i < v.NumField(); i++ {
		f, field := v.Field(i), v.Type().Field(i)
		switch {
		case f.Kind() == reflect.Struct:
			missing = append(missing, missingStatements(f, name+"."+field.Name)...)
		case f.Kind() == reflect.Func && f.IsNil(), f.Kind() == reflect.String && f.String() == "" && field.Tag.Get("sqlflow") != "optional":
			missing = append(missing, name+"."+field.Name)
		}
	}
	return missing
}
