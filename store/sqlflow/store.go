package sqlflow

import (
	"fmt"
	"reflect"
	"strings"

	"vigil/store"
)

// Store is the part of store.Store written once for every SQL store: a
// store embeds it, and its promoted methods serve the store's callers.
type Store struct {
	conn  Conn
	d     Dialect
	sql   Statements
	feeds FeedWriter
	// rules caches the alert rules' compiled queries.
	rules *store.RuleCache
}

// Statements is the text of every statement a Store runs, in the store's
// SQL dialect, grouped by concept. Their documentation names arguments $1,
// $2, ... by position, whatever the dialect's placeholders.
type Statements struct {
	// Notify leaves every follower of the feed $3 the notice text $2 at $1.
	Notify string
	// FetchHours counts, for store.ScanFetchHour, the observations per
	// feed and hour before the instant $1 of those at most $2 nanoseconds
	// old, with the failed ones (an error, a status of 400 or more, or no
	// status without a 304) and the new items.
	FetchHours string

	Access       AccessSQL
	Alert        AlertSQL
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
	PlanList     PlanListSQL
	PlanState    PlanStateSQL
	Push         PushSQL
	Profile      ProfileSQL
	Session      SessionSQL
	State        StateSQL
	Stream       StreamSQL
	Subscription SubscriptionSQL
	User         UserSQL
}

// New returns the Store that runs sql on conn, with d's errors and text,
// writing observations and feed states through feeds. Every statement
// must have its text and every function of d be given, but those tagged
// optional.
func New(conn Conn, d Dialect, sql Statements, feeds FeedWriter) (*Store, error) {
	missing := append(missingFields(reflect.ValueOf(sql), "Statements"), missingFields(reflect.ValueOf(d), "Dialect")...)
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: no text or function for %s", d.Name, strings.Join(missing, ", "))
	}
	return &Store{conn: conn, d: d, sql: sql, feeds: feeds, rules: store.NewRuleCache()}, nil
}

// missingFields returns the names of the empty fields in v, a struct of
// statements (texts, or functions building them) and of structs of
// statements, or a Dialect, that are not tagged optional.
func missingFields(v reflect.Value, name string) []string {
	var missing []string
	for i := 0; i < v.NumField(); i++ {
		f, field := v.Field(i), v.Type().Field(i)
		switch {
		case f.Kind() == reflect.Struct:
			missing = append(missing, missingFields(f, name+"."+field.Name)...)
		case field.Tag.Get("sqlflow") == "optional":
		case f.Kind() == reflect.Func && f.IsNil(), f.Kind() == reflect.String && f.String() == "":
			missing = append(missing, name+"."+field.Name)
		}
	}
	return missing
}
