package web

import "vigil/store"

// Store is what the web pages read and write besides what they ask of
// reading.Service: the feeds, subscriptions, folders and titles
// (Subscribing), items with their read and starred states (Reading), a
// feed's observations (Scheduling), watched pages and their seen changes
// (Pages), the pages' settings an OPML import restores (PageSettings),
// page versions and the ratings of changes (PageHistory),
// notices and digest settings (Notifications), channel profiles and
// interests (Profiling), the fetches per hour the dashboard draws
// (Activity), the feeds' WebSub subscriptions (Pushing), and, for the
// settings page, the visitor's credentials (Accounts), notification
// channels and alert rules (Alerting). It is also what updates.Build reads.
type Store interface {
	store.Accounts
	store.Alerting
	store.Subscribing
	store.Reading
	store.Scheduling
	store.Pages
	store.PageSettings
	store.PageHistory
	store.Notifications
	store.Profiling
	store.Activity
	store.Pushing
}
