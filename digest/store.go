package digest

import (
	"vigil/store"
	"vigil/updates"
)

// Store is what sending digests reads and records: the users' digest
// settings and the claims on each day's digest (Notifications), and the
// pages and changes a digest tells of (updates.Store).
type Store interface {
	store.Notifications
	updates.Store
}
