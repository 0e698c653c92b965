package server

import (
	"context"
	"sync"
	"time"
)

// accessEvery is the least time between two recorded accesses of one user:
// a reader paging through items is looking once, not once per page.
const accessEvery = time.Minute

// accessNotes remembers when each user's last access was recorded.
type accessNotes struct {
	mu   sync.Mutex
	last map[int64]time.Time
}

// noteAccess records that the user is looking at their items now (once per
// accessEvery), so that refresh policies learn when readers look (Sia et
// al.). A failure to record is logged, never shown: reading must not fail
// because the planner's statistics could not be written.
func (s *Server) noteAccess(ctx context.Context, userID int64) {
	now := s.now()
	s.accesses.mu.Lock()
	if s.accesses.last == nil {
		s.accesses.last = map[int64]time.Time{}
	}
	if last, ok := s.accesses.last[userID]; ok && now.Sub(last) < accessEvery {
		s.accesses.mu.Unlock()
		return
	}
	s.accesses.last[userID] = now
	s.accesses.mu.Unlock()
	if err := s.st.RecordAccess(context.WithoutCancel(ctx), userID, now); err != nil {
		s.log.Error("recording an access", "user", userID, "error", err)
	}
}
