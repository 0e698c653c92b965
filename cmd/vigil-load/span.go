package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"time"

	"vigil"
	"vigil/store"
)

// span is the newest and the oldest entry of the load user's reading
// list, where reader clients start their syncs.
type span struct {
	newest, oldest vigil.StreamEntry
}

// readSpan reads the span of the reading list of the user.
func readSpan(ctx context.Context, st store.Store, userID int64) (span, error) {
	var sp span
	for _, end := range []struct {
		dst         *vigil.StreamEntry
		oldestFirst bool
	}{{&sp.newest, false}, {&sp.oldest, true}} {
		e, err := st.StreamEntries(ctx, vigil.StreamQuery{UserID: userID, OldestFirst: end.oldestFirst, Limit: 1})
		if err != nil {
			return sp, err
		}
		if len(e) == 0 {
			return sp, errors.New("the load user's reading list is empty")
		}
		*end.dst = e[0]
	}
	return sp, nil
}

// tied reports whether every entry of the span has the same sort time.
func (sp span) tied() bool { return sp.newest.At.Equal(sp.oldest.At) }

// start returns where a reader client's sync starts, at random: items
// older than a time of the span (nt=), or, when every item has the same
// time, a continuation at an item of that tied group (c=, as a client
// sends after its first page), which only the IDs then order.
func (sp span) start(rng *rand.Rand) url.Values {
	if sp.tied() {
		id := sp.oldest.ID + rng.Int64N(sp.newest.ID-sp.oldest.ID+1)
		return url.Values{"c": {fmt.Sprintf("%d_%d", sp.newest.At.UnixNano(), id)}}
	}
	d := sp.newest.At.Sub(sp.oldest.At)
	at := sp.newest.At.Add(-time.Duration(rng.Int64N(int64(d))))
	return url.Values{"nt": {fmt.Sprint(at.Unix())}}
}

// print says what the span is.
func (sp span) print(w io.Writer) {
	if sp.tied() {
		fmt.Fprintf(w, "the reading list is one tied group: every item listed at %v\n", sp.newest.At)
		return
	}
	fmt.Fprintf(w, "the reading list spans %v to %v\n", sp.oldest.At, sp.newest.At)
}
