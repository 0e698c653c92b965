package fever

import "vigil/store"

// Store is what the Fever API reads and marks: the user's subscriptions
// (Subscribing) and the items of their feeds with read and saved states
// (Reading).
type Store interface {
	store.Subscribing
	store.Reading
}
