package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"vigil"
	"vigil/store"
)

// maxSearchLimit is the most items one search prints.
const maxSearchLimit = 500

func runSearch(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "search", "QUERY...",
		"Print the stored items that best match the words of QUERY, best first: those of a user's feeds\n"+
			"(--user), or every stored item. Every word must occur; a word ending in * matches the words it\n"+
			"begins; \"words in double quotes\" must occur together. Flags go before the query.")
	user := f.String("user", "", "search the items of this `user`'s feeds, with read and starred state")
	limit := f.Int("limit", 50, fmt.Sprintf("at most this many items (1-%d)", maxSearchLimit))
	asJSON := f.Bool("json", false, "print JSON")
	if err := f.parse(args, -1); err != nil {
		return err
	}
	if f.NArg() == 0 {
		return usageError{"expected QUERY: the words to search for"}
	}
	if *limit < 1 || *limit > maxSearchLimit {
		return usageError{fmt.Sprintf("--limit must be 1-%d, not %d", maxSearchLimit, *limit)}
	}
	st, err := f.open()
	if err != nil {
		return err
	}
	defer st.Close()
	userID, err := searchUserID(ctx, st, *user)
	if err != nil {
		return err
	}
	found, err := st.SearchItems(ctx, userID, strings.Join(f.Args(), " "), *limit)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		return usageError{vigil.ErrorMessage(err)}
	}
	if err != nil {
		return err
	}
	return printFound(e, found, *asJSON)
}

// searchUserID returns the ID of the user called name, or 0, which searches
// every stored item, when name is empty.
func searchUserID(ctx context.Context, st store.Store, name string) (int64, error) {
	if name == "" {
		return 0, nil
	}
	u, err := findUser(ctx, st, name)
	if err != nil {
		return 0, err
	}
	return u.ID, nil
}

// printFound prints found items as JSON, or one line each: time, feed
// title, title and URL, separated by tabs.
func printFound(e *env, found []vigil.Item, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if found == nil {
			found = []vigil.Item{}
		}
		return enc.Encode(found)
	}
	for _, it := range found {
		fmt.Fprintf(e.stdout, "%s\t%s\t%s\t%s\n", stamp(sortTime(it)), column(it.FeedTitle), column(it.Title), column(it.URL))
	}
	return nil
}

// column fits text into one tab-separated column: runs of white space,
// tabs and line breaks included, become one space, and empty text "-".
func column(text string) string {
	if text = strings.Join(strings.Fields(text), " "); text == "" {
		return "-"
	}
	return text
}
