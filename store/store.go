// Package store defines the storage interface of vigil. Implementations live
// in sub-packages (store/sqlite, store/postgres); every one must pass the
// same behaviour suite (store/storetest).
//
// The interface comes in roles, one per concept (Accounts, Subscribing,
// Reading, Scheduling, PlanStates, Pages, PageSettings, PageHistory, Notifications, Alerting,
// Profiling, AccessLog, Activity, Health, Pushing), each small enough to read at
// once; Store composes them. A consumer takes the smallest role, or the
// few roles, it needs.
package store

// Store is everything vigil keeps: every role, and Close. Methods return
// *vigil.Error with ENOTFOUND, ECONFLICT or EINVALID where the caller asked
// for something wrong, and wrap other errors with the operation that
// failed.
type Store interface {
	Accounts
	Subscribing
	Reading
	Scheduling
	PlanStates
	Pages
	PageSettings
	PageHistory
	Notifications
	Alerting
	Profiling
	AccessLog
	Activity
	Health
	Pushing

	// Close releases the store.
	Close() error
}
