package greader

import "vigil/store"

// Store is what the Google Reader API keeps its state in: sessions
// (Accounts), subscriptions with their folders and titles (Subscribing),
// and the items of streams with their read and starred states (Reading).
type Store interface {
	store.Accounts
	store.Subscribing
	store.Reading
}
