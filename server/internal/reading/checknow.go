package reading

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"vigil/server/internal/httperr"
)

// Checked is what a check asked for now did: the fetch's status, its new
// and updated items (for a page, Updated 1 when it changed), its failure
// in words ("" on success) and the next planned fetch.
type Checked struct {
	Status       int
	New, Updated int
	Err          string
	NextTime     time.Time
}

// Checker fetches one feed or page now at a person's request; it refuses
// with an error that says why and, by a RetryAt method, when to ask again.
type Checker func(ctx context.Context, feedID int64) (Checked, error)

// errNoChecker refuses a check on a server that runs no monitor.
var errNoChecker = &httperr.Refusal{Status: http.StatusServiceUnavailable,
	Msg: "checking now needs the monitor, and this server runs none: run vigil fetch, or a vigil worker"}

// CheckNow checks one of the user's feeds or pages now (see Checker).
func (s *Service) CheckNow(ctx context.Context, userID, feedID int64) (Checked, error) {
	if _, err := s.st.Subscription(ctx, userID, feedID); err != nil {
		return Checked{}, err
	}
	if s.checker == nil {
		return Checked{}, errNoChecker
	}
	return s.checker(ctx, feedID)
}

// Words says what a check did, for a feed or for a page.
func (c Checked) Words(page bool) string {
	switch {
	case c.Err != "":
		return fmt.Sprintf("Checked now: the fetch failed: %s.", c.Err)
	case page && c.Updated > 0:
		return "Checked now: the page changed."
	case page:
		return "Checked now: no change."
	}
	return fmt.Sprintf("Checked now: %d new item(s), %d updated.", c.New, c.Updated)
}
