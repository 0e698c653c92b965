package postgres

import (
	"time"

	"vigil/store"
)

// instant encodes t for the coordinator's lease comparisons, store.Instant.
func instant(t time.Time) int64 { return store.Instant(t) }
