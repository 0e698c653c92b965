package store

import (
	"fmt"
	"testing"
	"time"
)

func TestChangeWhere(t *testing.T) {
	since := time.Unix(0, 100)
	tests := []struct {
		name string
		q    ChangeQuery
		want string
		args []any
	}{
		{"daily by default", ChangeQuery{}, "c.grp = 'daily'", nil},
		{"one page's group", ChangeQuery{FeedID: 3, Group: "weekly"}, "c.feed_id = $1 AND c.grp = $2", []any{int64(3), "weekly"}},
		{"a user's pages since", ChangeQuery{UserID: 2, Since: since},
			"c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $1) AND c.at >= $2 AND " +
				"c.grp = coalesce((SELECT pf.frequency FROM page_follows pf\n\t\t\tWHERE pf.user_id = $3 AND pf.feed_id = c.feed_id), 'daily')",
			[]any{int64(2), Nanos(since), int64(2)}},
	}
	for _, tt := range tests {
		var args []any
		got := ChangeWhere(tt.q, func(v any) string {
			args = append(args, v)
			return fmt.Sprintf("$%d", len(args))
		})
		if got != tt.want || fmt.Sprint(args) != fmt.Sprint(tt.args) {
			t.Errorf("%s: ChangeWhere = %q %v, want %q %v", tt.name, got, args, tt.want, tt.args)
		}
	}
	for _, tt := range []struct{ limit, want int }{{0, 100}, {-5, 100}, {7, 7}} {
		if got := ChangeLimit(ChangeQuery{Limit: tt.limit}); got != tt.want {
			t.Errorf("ChangeLimit(%d) = %d, want %d", tt.limit, got, tt.want)
		}
	}
}
