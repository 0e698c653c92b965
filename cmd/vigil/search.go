package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"vigil"
	"vigil/profiler"
	"vigil/store"
)

// maxSearchLimit is the most items one search prints.
const maxSearchLimit = 500

func runSearch(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "search", "QUERY...",
		"Print the stored items that best match the words of QUERY, best first: those of a user's feeds\n"+
			"(--user), or every stored item. Every word must occur; a word ending in * matches the words it\n"+
			"begins; \"words in double quotes\" must occur together; -- ends the flags.\n\n"+
			"With --channels, print the channels whose profiles (the words of their latest items) best match\n"+
			"QUERY instead: score, feed ID, title, URL and top terms. Items not yet profiled are profiled for\n"+
			"this answer only; 'vigil serve' keeps the stored profiles.")
	user := f.String("user", "", "search the items of this `user`'s feeds, with read and starred state")
	channels := f.Bool("channels", false, "search channels by profile instead of items")
	limit := f.Int("limit", 50, fmt.Sprintf("at most this many items or channels (1-%d)", maxSearchLimit))
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
	if *channels && *user != "" {
		return usageError{"--user does not go with --channels: channels are searched for everyone alike"}
	}
	st, err := f.openReading()
	if err != nil {
		return err
	}
	defer st.Close()
	if *channels {
		return searchChannels(ctx, e, st, strings.Join(f.Args(), " "), *limit, *asJSON)
	}
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

// searchChannels prints the channels whose profiles best match query,
// after profiling in memory the items the stored profiles lack.
func searchChannels(ctx context.Context, e *env, st profiler.Store, query string, limit int, asJSON bool) error {
	if strings.TrimSpace(query) == "" {
		return usageError{"the search query has no word to search for"}
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	p, err := profiler.New(ctx, st, profiler.Config{ReadOnly: true}, log)
	if err != nil {
		return err
	}
	if _, err := p.CatchUp(ctx); err != nil {
		return err
	}
	found, err := p.FindChannels(ctx, query, limit, nil) // the operator sees every channel
	if err != nil {
		return err
	}
	if len(found) == 0 {
		fmt.Fprintln(e.stderr, whyNoChannel(query, p))
	}
	return printChannels(e, found, asJSON)
}

// whyNoChannel says why query ranks no channel: no item is profiled, no
// item uses its words, or the words it shares with the items are in every
// item, so that their idf, ln(N/df), is 0 and they tell no channel apart.
func whyNoChannel(query string, p *profiler.Profiler) string {
	terms, n := p.QueryTerms(query)
	if n == 0 {
		return "no channel ranks: no item is profiled yet"
	}
	var everywhere []string
	for _, t := range terms {
		if t.DF >= n {
			everywhere = append(everywhere, t.Term)
		}
	}
	if len(everywhere) == 0 {
		return fmt.Sprintf("no channel ranks for %q: none of the %d profiled items uses its words", query, n)
	}
	return fmt.Sprintf("no channel ranks for %q: every one of the %d profiled items uses %s (idf 0), so it tells no channel apart; add a word only some channels use",
		query, n, strings.Join(everywhere, ", "))
}

// channelTerms is how many of a channel's top terms a line shows.
const channelTerms = 5

// printChannels prints channels as JSON, or one line each: score, feed ID,
// title, URL and top terms, separated by tabs.
func printChannels(e *env, found []profiler.ScoredFeed, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(found)
	}
	for _, c := range found {
		terms := make([]string, 0, channelTerms)
		for _, t := range c.Terms[:min(channelTerms, len(c.Terms))] {
			terms = append(terms, t.Term)
		}
		fmt.Fprintf(e.stdout, "%.3f\t%d\t%s\t%s\t%s\n", c.Score, c.FeedID, column(c.Title), column(c.URL), column(strings.Join(terms, ", ")))
	}
	return nil
}

// searchUserID returns the ID of the user called name, or 0, which searches
// every stored item, when name is empty.
func searchUserID(ctx context.Context, st store.Accounts, name string) (int64, error) {
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
		return printItemsJSON(e, found)
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
