package monitor

import "vigil/store"

// Store is what the monitor reads and writes: the due feeds and what
// fetches bring (Scheduling), the plan kept between runs (PlanStates),
// the feeds and their readers (Subscribing), watched pages and their
// versions and changes, and the followers' conditions (Pages,
// PageSettings, PageHistory), notices to subscribers
// (Notifications), readers' accesses (AccessLog), and the channel
// profiles the plan may use (Profiling), and the feeds' WebSub
// subscriptions (Pushing).
type Store interface {
	store.Scheduling
	store.PlanStates
	store.Subscribing
	store.Pages
	store.PageSettings
	store.PageHistory
	store.Notifications
	store.AccessLog
	store.Profiling
	store.Pushing
}
