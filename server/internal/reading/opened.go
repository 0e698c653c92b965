package reading

import (
	"net/http"

	"vigil"
)

// OpenItem records that the user opened it now, which also marks it read,
// and updates it to match: what a reader opens teaches vigil their
// interests. A request a browser says came from another site (a link or
// redirect elsewhere, which carries the session cookie) records nothing,
// so no other site can steer a reader's recommendations.
func (s *Service) OpenItem(r *http.Request, userID int64, it *vigil.Item) error {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return nil
	}
	if err := s.st.MarkOpened(r.Context(), userID, it.ID, s.now()); err != nil {
		return err
	}
	it.Read = true
	return nil
}
