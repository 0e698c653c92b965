package vigil

// Reader is one user's following of one feed, as the planner sees it: who
// reads what, and how much it counts.
type Reader struct {
	UserID int64
	FeedID int64
	Weight float64
	// LooksOf, when not 0, marks not a user but one user's looks at this
	// feed alone (policy.WithLooks): the looks of user LooksOf, under an
	// ID of their own in UserID.
	LooksOf int64
}

// Owner is the user whose reading the reader stands for: UserID, or
// LooksOf for a stream of looks.
func (r Reader) Owner() int64 {
	if r.LooksOf != 0 {
		return r.LooksOf
	}
	return r.UserID
}
