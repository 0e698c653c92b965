package server

import (
	"time"

	"vigil/updates"
)

// updatesRecent is the server's updates configuration listing n changes
// of each page.
func (s *Server) updatesRecent(n int) updates.Config {
	c := s.updates
	c.Recent = n
	return c
}

// digestZone is the time zone of the digests' days.
func (s *Server) digestZone() *time.Location {
	if s.zone == nil {
		return time.UTC
	}
	return s.zone
}
