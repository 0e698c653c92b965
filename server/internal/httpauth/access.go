package httpauth

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

// NoteAccess records that the user is looking at their items now (once per
// accessEvery), so that refresh policies learn when readers look (Sia et
// al.). A failure to record is logged, never shown: reading must not fail
// because the planner's statistics could not be written.
func (a *Auth) NoteAccess(ctx context.Context, userID int64) {
	now := a.now()
	a.accesses.mu.Lock()
	if a.accesses.last == nil {
		a.accesses.last = map[int64]time.Time{}
	}
	if last, ok := a.accesses.last[userID]; ok && now.Sub(last) < accessEvery {
		a.accesses.mu.Unlock()
		return
	}
	a.accesses.last[userID] = now
	a.accesses.mu.Unlock()
	if err := a.st.RecordAccess(context.WithoutCancel(ctx), userID, now); err != nil {
		a.log.Error("recording an access", "user", userID, "error", err)
	}
}
