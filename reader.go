package vigil

// Reader is one user's following of one feed, as the planner sees it: who
// reads what, and how much it counts.
type Reader struct {
	UserID int64
	FeedID int64
	Weight float64
}
