package httpauth

import "vigil/store"

// Store is what authentication reads and writes: users found by name,
// token or Fever key, and web sessions (Accounts), and the record of when
// each user looks at their items (AccessLog).
type Store interface {
	store.Accounts
	store.AccessLog
}
