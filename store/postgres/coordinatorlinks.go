package postgres

// The coordinator (coordinator.go) reads times and feeds as the rest of the
// store does; these names link it to the shared code in package store.

import (
	"time"

	"vigil"
	"vigil/store"
)

// instant encodes t for the coordinator's lease comparisons, store.Instant.
func instant(t time.Time) int64 { return store.Instant(t) }

// scanFeed reads the feedColumns of one row, store.ScanFeed.
func scanFeed(r store.Row) (*vigil.Feed, error) { return store.ScanFeed(r) }
