package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"vigil"
)

func runItems(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "items", "", "Print stored items, newest first: a user's (--user), or every stored item.")
	user := f.String("user", "", "list the items of this `user`'s feeds, with read state")
	feedID := f.Int64("feed", 0, "only items of this feed `id`")
	unread := f.Bool("unread", false, "only unread items (needs --user)")
	limit := f.Int("limit", 50, "at most this many items (1-500)")
	offset := f.Int("offset", 0, "skip this many items")
	asJSON := f.Bool("json", false, "print JSON")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *unread && *user == "" {
		return usageError{"--unread needs --user: read state belongs to a user"}
	}
	if *limit < 1 || *limit > 500 || *offset < 0 {
		return usageError{"--limit must be 1-500 and --offset not negative"}
	}
	st, err := f.open()
	if err != nil {
		return err
	}
	defer st.Close()
	q := vigil.ItemQuery{FeedID: *feedID, UnreadOnly: *unread, Limit: *limit, Offset: *offset}
	if *user != "" {
		u, err := findUser(ctx, st, *user)
		if err != nil {
			return err
		}
		q.UserID = u.ID
	}
	items, err := st.Items(ctx, q)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if items == nil {
			items = []vigil.Item{}
		}
		return enc.Encode(items)
	}
	for _, it := range items {
		fmt.Fprintf(e.stdout, "%d\t%s\t%s\t%s\n", it.ID, stamp(sortTime(it)), it.Title, it.URL)
	}
	return nil
}

// sortTime is the time an item is listed by: published, else first seen.
func sortTime(it vigil.Item) time.Time {
	if !it.Published.IsZero() {
		return it.Published
	}
	return it.Seen
}
