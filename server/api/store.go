package api

import "vigil/store"

// Store is what the JSON API reads and writes besides what it asks of
// reading.Service: the user's Fever key (Accounts), subscriptions
// (Subscribing), items with their read and starred states (Reading), a
// feed's observations (Scheduling), page follows (Pages), the ratings of
// page changes (PageHistory), notices and digest settings
// (Notifications), notification channels and alert rules (Alerting), and
// channel profiles and interests (Profiling), and the feeds' WebSub
// subscriptions (Pushing). It is
// also what digest.Build and updates.Build read.
type Store interface {
	store.Accounts
	store.Subscribing
	store.Reading
	store.Scheduling
	store.Pages
	store.PageHistory
	store.Notifications
	store.Alerting
	store.Profiling
	store.Pushing
}
