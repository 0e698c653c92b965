package monitor

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/sqlite"
)

// countedReads is a real store that counts its FeedsToFetch queries.
type countedReads struct {
	store.Store
	queries int
}

// FeedsToFetch counts the query and reads.
func (c *countedReads) FeedsToFetch(ctx context.Context, ids []int64) ([]store.FeedToFetch, error) {
	c.queries++
	return c.Store.FeedsToFetch(ctx, ids)
}

func TestFeedsAheadReadsAFewAtATime(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1.7e9, 0)
	for i := range 40 {
		if _, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", i), 1, now); err != nil {
			t.Fatal(err)
		}
	}
	refs, err := st.FetchList(ctx, now, true)
	if err != nil {
		t.Fatal(err)
	}
	refs[5].NotBefore = now.Add(time.Hour) // held by its server: not read ahead
	cases := []struct {
		name    string
		order   []int // indexes of refs, in the order their fetches start
		queries int
	}{
		{"in the list's order", []int{0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}, 3},
		{"a held feed read when its fetch starts", []int{0, 5}, 2},
		{"a feed out of order, then the ones read with it", []int{20, 0, 1, 21}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			counted := &countedReads{Store: st}
			ahead := newFeedsAhead(counted, refs, func() time.Time { return now })
			for _, i := range c.order {
				f, err := ahead.feed(ctx, refs[i].ID)
				if err != nil {
					t.Fatal(err)
				}
				if f.Feed.ID != refs[i].ID || f.Feed.URL != refs[i].URL || f.Page {
					t.Errorf("feed of ref %d = %d %s (page %v), want %d %s", i, f.Feed.ID, f.Feed.URL, f.Page, refs[i].ID, refs[i].URL)
				}
			}
			if counted.queries != c.queries {
				t.Errorf("%d queries, want %d", counted.queries, c.queries)
			}
		})
	}
	ahead := newFeedsAhead(st, refs, func() time.Time { return now })
	if _, err := ahead.feed(ctx, refs[39].ID+100); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("an unknown feed: %v, want ENOTFOUND", err)
	}
}
