package monitor

import (
	"context"
	"sync"
	"time"

	"vigil"
	"vigil/store"
)

// readAhead is how many feeds of a fetch pass one query reads: the feed
// about to be fetched and the next ones of the pass's list.
const readAhead = 16

// feedsAhead reads the feeds of a fetch pass a few at a time, ahead of
// their fetches (one query for readAhead feeds instead of one each), and
// hands each over when its fetch starts. It holds at most a query's feeds
// that no fetch took yet (those the budget then skipped, until the pass
// ends). A feed read ahead is as old as the wait for its turn, a few
// fetches; a fetch's wait for its host was already such a wait.
type feedsAhead struct {
	st   store.Scheduling
	refs []store.FeedRef // the pass's list
	now  func() time.Time

	mu   sync.Mutex
	next int                         // refs before it were read or left out
	got  map[int64]store.FeedToFetch // read, not yet handed over
}

// newFeedsAhead reads ahead the feeds of refs.
func newFeedsAhead(st store.Scheduling, refs []store.FeedRef, now func() time.Time) *feedsAhead {
	return &feedsAhead{st: st, refs: refs, now: now, got: make(map[int64]store.FeedToFetch)}
}

// feed returns the feed id, whose fetch starts, with whether it is a
// watched page: read already, or read now with the next feeds of the list
// that no query read yet and that are not held by their server. An
// unknown feed is ENOTFOUND.
func (a *feedsAhead) feed(ctx context.Context, id int64) (store.FeedToFetch, error) {
	a.mu.Lock()
	if f, ok := a.got[id]; ok {
		delete(a.got, id)
		a.mu.Unlock()
		return f, nil
	}
	ids := a.take(id)
	a.mu.Unlock()
	read, err := a.st.FeedsToFetch(ctx, ids)
	if err != nil {
		return store.FeedToFetch{}, err
	}
	var mine store.FeedToFetch
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, f := range read {
		if f.Feed.ID == id {
			mine = f
		} else {
			a.got[f.Feed.ID] = f
		}
	}
	if mine.Feed == nil {
		return mine, vigil.Errorf(vigil.ENOTFOUND, "feed %d not found", id)
	}
	return mine, nil
}

// take returns id and up to readAhead-1 more IDs of the list from next on,
// leaving out those held by their server now (not fetched soon), and moves
// next past them.
func (a *feedsAhead) take(id int64) []int64 {
	ids := []int64{id}
	now := a.now()
	for ; a.next < len(a.refs) && len(ids) < readAhead; a.next++ {
		r := a.refs[a.next]
		if _, read := a.got[r.ID]; r.ID != id && !read && !r.NotBefore.After(now) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}
