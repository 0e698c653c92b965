package reading

import "vigil"

// FeedName is the feed's title, or its URL while it has none.
func FeedName(f vigil.Feed) string {
	if f.Title != "" {
		return f.Title
	}
	return f.URL
}
