package profiler

import "vigil/store"

// Store is what the profiler reads and saves: the items it folds in, its
// saved state and the profiles (Profiling), a user's unread items for
// recommendations (Reading), and feeds and subscriptions (Subscribing).
type Store interface {
	store.Profiling
	store.Reading
	store.Subscribing
}
