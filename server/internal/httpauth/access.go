package httpauth

import (
	"context"
	"sync"
	"time"
)

// accessEvery is the least time between two recorded accesses of one user
// (or looks of one user at one feed): a reader paging through items is
// looking once, not once per page.
const accessEvery = time.Minute

// accessKey is what one recorded access is about: a user, and the one
// feed they looked at (0 for all their feeds).
type accessKey struct{ user, feed int64 }

// accessNotes remembers when each user's last access, and last look at
// each feed, was recorded within the last accessEvery; older notes are
// swept out once every accessEvery, so the map holds only what a minute
// of reading touched.
type accessNotes struct {
	mu    sync.Mutex
	last  map[accessKey]time.Time
	swept time.Time
}

// NoteAccess records that the user is looking at all their items now
// (once per accessEvery), so that refresh policies learn when readers look
// (Sia et al.). A failure to record is logged, never shown: reading must
// not fail because the planner's statistics could not be written.
func (a *Auth) NoteAccess(ctx context.Context, userID int64) {
	a.note(ctx, accessKey{user: userID})
}

// NoteReading records that the user is reading now, as NoteAccess does:
// all their feeds when feedID is 0, that one alone otherwise (a look, once
// per accessEvery for that feed), which the planner learns as a look at
// that feed only.
func (a *Auth) NoteReading(ctx context.Context, userID, feedID int64) {
	a.note(ctx, accessKey{user: userID, feed: feedID})
}

// note records the access k now unless one was recorded within accessEvery.
func (a *Auth) note(ctx context.Context, k accessKey) {
	now := a.now()
	a.accesses.mu.Lock()
	a.accesses.sweep(now)
	if last, ok := a.accesses.last[k]; ok && now.Sub(last) < accessEvery {
		a.accesses.mu.Unlock()
		return
	}
	a.accesses.last[k] = now
	a.accesses.mu.Unlock()
	if err := a.st.RecordAccess(context.WithoutCancel(ctx), k.user, k.feed, now); err != nil {
		a.log.Error("recording an access", "user", k.user, "feed", k.feed, "error", err)
	}
}

// sweep drops the notes older than accessEvery, at most once every
// accessEvery; n.mu is held.
func (n *accessNotes) sweep(now time.Time) {
	if n.last == nil {
		n.last = map[accessKey]time.Time{}
	}
	if now.Sub(n.swept) < accessEvery {
		return
	}
	for k, t := range n.last {
		if now.Sub(t) >= accessEvery {
			delete(n.last, k)
		}
	}
	n.swept = now
}
