package vigil

import "time"

// AlertRule asks for every new item of a user's feeds (or of one of them,
// FeedID) that matches Query, in the search syntax (words, "phrases",
// prefix*), to be sent to the user's channels at once.
type AlertRule struct {
	ID     int64 `json:"id"`
	UserID int64 `json:"user_id"`
	// FeedID limits the rule to one feed; 0 means every feed the user
	// subscribes to.
	FeedID  int64     `json:"feed_id,omitzero"`
	Query   string    `json:"query"`
	Created time.Time `json:"created"`
}
