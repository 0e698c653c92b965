package reading

import (
	"time"

	"vigil/updates"
)

// UpdatesRecent is the server's updates configuration listing n changes
// of each page.
func (s *Service) UpdatesRecent(n int) updates.Config {
	c := s.updates
	c.Recent = n
	return c
}

// DigestZone is the time zone of the digests' days.
func (s *Service) DigestZone() *time.Location {
	if s.zone == nil {
		return time.UTC
	}
	return s.zone
}
