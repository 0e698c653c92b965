package store

import (
	"strings"
	"time"
	"unicode/utf8"

	"vigil"
)

// The checks in this file refuse, with EINVALID, what no store keeps; each
// store calls them before it touches its database, so that both refuse the
// same requests with the same messages.

// MaxTitleLength bounds a user's own title for a feed, in bytes.
const MaxTitleLength = 1024

// MaxInterestsLength is the most characters a user's interests may have.
const MaxInterestsLength = 4000

// Bounds of a subscription's weight, the same from the CLI, the API, the
// web forms and an import.
const (
	MinWeight = 0.01
	MaxWeight = 1000
)

// CheckWeight refuses a subscription weight outside MinWeight to
// MaxWeight (NaN included).
func CheckWeight(weight float64) error {
	if !(weight >= MinWeight && weight <= MaxWeight) {
		return vigil.Errorf(vigil.EINVALID, "weight must be a number from %v to %v, not %v", MinWeight, MaxWeight, weight)
	}
	return nil
}

// CheckFollow refuses a subscription to a feed or page (kind "feed" or
// "page") with an empty URL, a weight CheckWeight refuses or no time.
func CheckFollow(kind, url string, weight float64, now time.Time) error {
	if strings.TrimSpace(url) == "" {
		return vigil.Errorf(vigil.EINVALID, "%s URL is empty", kind)
	}
	if err := CheckWeight(weight); err != nil {
		return err
	}
	if now.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "subscription time is zero")
	}
	return nil
}

// CheckMove refuses to move a feed to an empty URL or at no time.
func CheckMove(feedID int64, newURL string, now time.Time) error {
	if strings.TrimSpace(newURL) == "" {
		return vigil.Errorf(vigil.EINVALID, "new URL of feed %d is empty", feedID)
	}
	if now.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "time of the move of feed %d is zero", feedID)
	}
	return nil
}

// CheckSession refuses a session without a token hash or expiry.
func CheckSession(tokenHash string, expires time.Time) error {
	if tokenHash == "" {
		return vigil.Errorf(vigil.EINVALID, "session token hash is empty")
	}
	if expires.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "session expiry is zero")
	}
	return nil
}

// CheckAccess refuses an access without a time.
func CheckAccess(t time.Time) error {
	if t.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "an access needs a time")
	}
	return nil
}

// CheckOpened refuses to note that an item was opened at no time.
func CheckOpened(itemID int64, t time.Time) error {
	if t.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "time item %d was opened is zero", itemID)
	}
	return nil
}

// CheckNotice refuses a notice without text.
func CheckNotice(text string) error {
	if text == "" {
		return vigil.Errorf(vigil.EINVALID, "notice text is empty")
	}
	return nil
}

// SubscriptionTitle returns a user's own title for a feed as stored:
// trimmed of spaces; one over MaxTitleLength bytes is refused.
func SubscriptionTitle(title string) (string, error) {
	title = strings.TrimSpace(title)
	if len(title) > MaxTitleLength {
		return "", vigil.Errorf(vigil.EINVALID, "title is longer than %d bytes", MaxTitleLength)
	}
	return title, nil
}

// CheckNewUser refuses a user without a name or with interests
// CheckInterests refuses.
func CheckNewUser(u *vigil.User) error {
	if strings.TrimSpace(u.Name) == "" {
		return vigil.Errorf(vigil.EINVALID, "user name is empty")
	}
	return CheckInterests(u.Interests)
}

// CheckInterests refuses interests that are too long or not text.
func CheckInterests(text string) error {
	if !utf8.ValidString(text) {
		return vigil.Errorf(vigil.EINVALID, "interests are not valid UTF-8 text")
	}
	if strings.IndexByte(text, 0) >= 0 {
		return vigil.Errorf(vigil.EINVALID, "interests contain a NUL character")
	}
	if n := utf8.RuneCountInString(text); n > MaxInterestsLength {
		return vigil.Errorf(vigil.EINVALID, "interests have %d characters, more than the limit of %d", n, MaxInterestsLength)
	}
	return nil
}
