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

// syncLooks is how many looks at different feeds within accessEvery are
// recorded as looks; more make the user's reading a sweep of all their
// feeds, recorded as one access. A reader app that lists each feed's
// stream in turn (newsboat does) is syncing all of them: one access, not
// a look a feed, and not hundreds of rows a sync.
const syncLooks = 3

// accessKey is what one recorded access is about: a user, and the one
// feed they looked at (0 for all their feeds).
type accessKey struct{ user, feed int64 }

// lookRun counts a user's looks at different feeds since start.
type lookRun struct {
	start time.Time
	n     int
}

// accessNotes remembers when each user's last access, and last look at
// each feed, was recorded within the last accessEvery, and each user's
// run of looks; older notes are swept out once every accessEvery, so the
// maps hold only what a minute of reading touched.
type accessNotes struct {
	mu    sync.Mutex
	last  map[accessKey]time.Time
	runs  map[int64]lookRun
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
// that feed only. Looks at more than syncLooks different feeds within
// accessEvery are recorded as an access instead.
func (a *Auth) NoteReading(ctx context.Context, userID, feedID int64) {
	a.note(ctx, accessKey{user: userID, feed: feedID})
}

// note records the access k now unless one was recorded within accessEvery.
func (a *Auth) note(ctx context.Context, k accessKey) {
	now := a.now()
	a.accesses.mu.Lock()
	k, ok := a.accesses.due(k, now)
	a.accesses.mu.Unlock()
	if !ok {
		return
	}
	if err := a.st.RecordAccess(context.WithoutCancel(ctx), k.user, k.feed, now); err != nil {
		a.log.Error("recording an access", "user", k.user, "feed", k.feed, "error", err)
	}
}

// due returns what to record of k at now (k, or the user's access when
// their looks are a sweep) and whether it is due; n.mu is held.
func (n *accessNotes) due(k accessKey, now time.Time) (accessKey, bool) {
	n.sweep(now)
	if !n.fresh(k, now) {
		return k, false
	}
	if k.feed == 0 || n.countLook(k.user, now) <= syncLooks {
		return k, true
	}
	all := accessKey{user: k.user}
	return all, n.fresh(all, now)
}

// fresh reports whether k was not noted within accessEvery before now, and
// notes it now if so; n.mu is held.
func (n *accessNotes) fresh(k accessKey, now time.Time) bool {
	if last, ok := n.last[k]; ok && now.Sub(last) < accessEvery {
		return false
	}
	n.last[k] = now
	return true
}

// countLook counts a look of user at a feed not looked at within
// accessEvery and returns how many their run holds; n.mu is held.
func (n *accessNotes) countLook(user int64, now time.Time) int {
	run := n.runs[user]
	if now.Sub(run.start) >= accessEvery {
		run = lookRun{start: now}
	}
	run.n++
	n.runs[user] = run
	return run.n
}

// sweep drops the notes older than accessEvery, at most once every
// accessEvery; n.mu is held.
func (n *accessNotes) sweep(now time.Time) {
	if n.last == nil {
		n.last, n.runs = map[accessKey]time.Time{}, map[int64]lookRun{}
	}
	if now.Sub(n.swept) < accessEvery {
		return
	}
	for k, t := range n.last {
		if now.Sub(t) >= accessEvery {
			delete(n.last, k)
		}
	}
	for u, r := range n.runs {
		if now.Sub(r.start) >= accessEvery {
			delete(n.runs, u)
		}
	}
	n.swept = now
}
