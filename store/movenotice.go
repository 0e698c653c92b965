package store

import "fmt"

// MoveNotice is the notice a feed's or page's followers get when it moves
// permanently from oldURL to newURL.
func MoveNotice(page bool, oldURL, newURL string) string {
	kind := "feed"
	if page {
		kind = "page"
	}
	return fmt.Sprintf("The %s %s has moved permanently to %s.", kind, oldURL, newURL)
}
