package vigil

import "time"

// User is a person with their own subscriptions and read state.
type User struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	// Interests is free text the user wrote about what they want to read;
	// it seeds their recommendations.
	Interests string `json:"interests,omitempty"`
	// PasswordHash is the encoded password digest; TokenHash the SHA-256 of
	// the API token, hex. Neither is ever shown.
	PasswordHash string `json:"-"`
	TokenHash    string `json:"-"`
}

// Subscription is a user's following of one feed.
type Subscription struct {
	UserID int64 `json:"user_id"`
	Feed   Feed  `json:"feed"`
	// Weight is how much this user's interest counts in planning (default 1).
	Weight    float64   `json:"weight"`
	CreatedAt time.Time `json:"created_at"`
	Unread    int       `json:"unread"`
	// Folder is the "/"-separated path of the user's folder holding the
	// feed ("" at the top level); see CleanFolder.
	Folder string `json:"folder"`
	// Title is the user's own name for the feed, "" to show the feed's.
	Title string `json:"title,omitempty"`
}

// Notice is a message for one user, such as a feed that moved.
type Notice struct {
	ID     int64     `json:"id"`
	UserID int64     `json:"user_id"`
	At     time.Time `json:"at"`
	Text   string    `json:"text"`
}
