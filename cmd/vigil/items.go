package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"vigil"
	"vigil/sanitize"
	"vigil/store"
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
	st, err := f.openReading()
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
	if err := checkItemFeed(ctx, st, q, *user); err != nil {
		return err
	}
	items, err := st.Items(ctx, q)
	if err != nil {
		return err
	}
	if *asJSON {
		return printItemsJSON(e, items)
	}
	for _, it := range items {
		fmt.Fprintf(e.stdout, "%d\t%s\t%s\t%s\n", it.ID, stamp(sortTime(it)), it.Title, it.URL)
	}
	return nil
}

// checkItemFeed reports a --feed that names no stored feed, or one the
// user does not follow, as the API does (404).
func checkItemFeed(ctx context.Context, st store.Subscribing, q vigil.ItemQuery, user string) error {
	if q.FeedID == 0 {
		return nil
	}
	var err error
	if q.UserID != 0 {
		_, err = st.Subscription(ctx, q.UserID, q.FeedID)
	} else {
		_, err = st.Feed(ctx, q.FeedID)
	}
	switch {
	case vigil.ErrorCode(err) != vigil.ENOTFOUND:
		return err
	case q.UserID != 0:
		return fmt.Errorf("%s does not follow a feed with ID %d (see 'vigil feeds --user %s')", user, q.FeedID, user)
	}
	return fmt.Errorf("there is no feed with ID %d (see 'vigil feeds --all')", q.FeedID)
}

// sortTime is the time an item is listed by: published, else first seen.
func sortTime(it vigil.Item) time.Time {
	if !it.Published.IsZero() {
		return it.Published
	}
	return it.Seen
}

// printItemsJSON prints items as a JSON array, their HTML sanitised as the
// API shows it: every command that prints items as JSON goes through here.
func printItemsJSON(e *env, items []vigil.Item) error {
	p := sanitize.Policy()
	clean := make([]vigil.Item, len(items))
	for i, it := range items {
		clean[i] = sanitize.Item(p, it)
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(clean)
}
