// Package storetest is the behaviour every store.Store must have, as one
// suite that each implementation's tests run against a real database:
// store/sqlite on a file, store/postgres on a PostgreSQL server. It covers
// every method of the interface, the isolation between users, and a child
// process killed by SIGKILL in the middle of ingesting (the store is
// consistent afterwards: nothing lost, nothing stored twice).
package storetest

import (
	"testing"

	"vigil/store"
)

// The limits the suite checks; every implementation has the same.
const (
	DefaultItemLimit   = 50
	MaxItemLimit       = 500
	MaxInterestsLength = 4000
	MaxItemsByID       = 10000
)

// Harness is what the suite needs from an implementation.
type Harness struct {
	// New creates an empty store for one test and returns its name, what
	// Open takes (a file path, a connection URL); it removes the store
	// when the test ends.
	New func(t testing.TB) string
	// Open opens the store called name, in this process or a child.
	Open func(name string) (store.Store, error)
	// DeleteFeed deletes a feed directly in the database (the interface
	// has no such method; an operator may do it), cascading as the schema
	// says.
	DeleteFeed func(t testing.TB, s store.Store, feedID int64)
	// RefuseCohesion makes the database refuse, from then on, to update a
	// stored profile to the given cohesion, so that a write fails inside
	// a transaction after others succeeded.
	RefuseCohesion func(t testing.TB, s store.Store, cohesion float64)
	// InsertRule stores an alert rule of the user over every feed directly
	// in the database, as one stored before the limits on rules might be,
	// bypassing AddAlertRule's checks.
	InsertRule func(t testing.TB, s store.Store, userID int64, query string)
	// Parallel is how many behaviours run at once; 0 leaves it to go
	// test's -parallel (GOMAXPROCS by default). A store whose work is done
	// by a server, the test process mostly waiting for its answers, may
	// run more behaviours at once than the machine has CPUs.
	Parallel int
}

// open creates and opens a fresh store that closes when the test ends.
func (h Harness) open(t testing.TB) store.Store {
	t.Helper()
	s, err := h.Open(h.New(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}
