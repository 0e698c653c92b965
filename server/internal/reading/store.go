package reading

import "vigil/store"

// Store is what a user's requests are carried out against: the
// subscriptions with their feeds, folders and titles (Subscribing), the
// items, their search and their opened marks (Reading), a feed's
// observations and its moves to a new address (Scheduling), the watched
// pages and their follows, reading settings and conditions (Pages,
// PageSettings), the pages' versions and changes
// (PageHistory), and the users' accesses the feed charts draw
// (AccessLog). It is also what updates.Build and updates.Views read.
type Store interface {
	store.Subscribing
	store.Reading
	store.Scheduling
	store.Pages
	store.PageSettings
	store.PageHistory
	store.AccessLog
}
