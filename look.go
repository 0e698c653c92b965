package vigil

import "time"

// Look is one time a user looked at one feed alone (its page of items, or
// a reader app syncing that feed's stream), as opposed to an access, when
// they looked at all their feeds: the planner learns a feed's readers'
// hours from both.
type Look struct {
	UserID int64
	FeedID int64
	At     time.Time
}
