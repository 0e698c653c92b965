package store

import (
	"encoding/json"
	"slices"
	"strings"

	"vigil"
	"vigil/change"
	"vigil/store/fulltext"
)

// Message kinds: what a message's RefID names.
const (
	KindItem   = "item"
	KindChange = "change"
)

// snippetRunes is how much of an item's text or a change's summary a
// message carries.
const snippetRunes = 280

// NewMessage is a message an ingest queues in the outbox.
type NewMessage struct {
	ChannelID int64
	Kind      string
	RefID     int64
	Title     string
	Link      string
	Text      string
}

// RuleTarget is an alert rule's query joined to one of its user's
// channels, as an ingest reads them for a feed.
type RuleTarget struct {
	ChannelID int64
	Query     string
}

// ItemAlerts returns the messages the new items of a feed cause: one per
// item and channel for which any of the channel's rules matches the item
// (MatchesQuery). Rules whose query no longer parses match nothing.
func ItemAlerts(targets []RuleTarget, items []vigil.Item) []NewMessage {
	if len(targets) == 0 || len(items) == 0 {
		return nil
	}
	parsed := make([][]fulltext.Term, len(targets))
	for i, t := range targets {
		parsed[i], _ = fulltext.ParseQuery(t.Query)
	}
	var out []NewMessage
	for _, it := range items {
		words := itemWords(it)
		sent := map[int64]bool{}
		for i, t := range targets {
			if sent[t.ChannelID] || !matchTerms(parsed[i], words) {
				continue
			}
			sent[t.ChannelID] = true
			text := snippet(fulltext.Body(it.Summary, it.Content))
			out = append(out, NewMessage{ChannelID: t.ChannelID, Kind: KindItem, RefID: it.ID,
				Title: itemTitle(it, text), Link: it.URL, Text: text})
		}
	}
	return out
}

// MatchesQuery reports whether an item matches a query in the search
// syntax: every word, "phrase" and prefix* of it occurs in the item's
// title or text, ignoring case. A query with no word matches nothing.
func MatchesQuery(query string, it vigil.Item) bool {
	terms, err := fulltext.ParseQuery(query)
	return err == nil && matchTerms(terms, itemWords(it))
}

// itemWords returns the lower-cased words of an item's title and text.
func itemWords(it vigil.Item) []string {
	return fulltext.Words(strings.ToLower(it.Title + "\n" + fulltext.Body(it.Summary, it.Content)))
}

// matchTerms reports whether words hold every term; no terms match nothing.
func matchTerms(terms []fulltext.Term, words []string) bool {
	if len(terms) == 0 {
		return false
	}
	for _, t := range terms {
		phrase := make([]string, len(t.Words))
		for i, w := range t.Words {
			phrase[i] = strings.ToLower(w)
		}
		if !fulltext.HasPhrase(words, phrase, t.Prefix) {
			return false
		}
	}
	return true
}

// FollowTarget is a follower's threshold for a page joined to one of the
// follower's channels.
type FollowTarget struct {
	ChannelID int64
	UserID    int64
	Threshold string
}

// ChangeAlerts returns the messages a new page change causes: one for each
// channel of a follower whose threshold the change's severity (the
// agent's word: nobody has rated it yet) reaches, unless the change is
// withheld from the follower (their conditions were not met). page is
// the page's feed, for its title and link. A return to an earlier state
// (change.Extents' Return) is nothing new and causes none.
func ChangeAlerts(targets []FollowTarget, page vigil.Feed, changeID int64, c NewChange) []NewMessage {
	severity, err := change.ParseSeverity(c.Severity)
	if err != nil || isReturn(c.Extents) {
		return nil
	}
	var out []NewMessage
	for _, t := range targets {
		threshold, err := change.ParseSeverity(t.Threshold)
		if err != nil || severity < threshold || slices.Contains(c.Withheld, t.UserID) {
			continue
		}
		title := page.Title
		if title == "" {
			title = page.URL
		}
		out = append(out, NewMessage{ChannelID: t.ChannelID, Kind: KindChange, RefID: changeID,
			Title: title + " changed (" + severity.String() + ")", Link: page.URL, Text: snippet(c.Summary)})
	}
	return out
}

// isReturn reports whether a change's extents mark it as a return.
func isReturn(extents json.RawMessage) bool {
	var e struct {
		Return int `json:"return"`
	}
	return json.Unmarshal(extents, &e) == nil && e.Return > 0
}

// itemTitle is what a message about an item is titled: the item's title,
// else the start of its text (a matched item has one or the other).
func itemTitle(it vigil.Item, text string) string {
	if strings.TrimSpace(it.Title) != "" {
		return it.Title
	}
	if r := []rune(text); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return text
}

// snippet cuts s to snippetRunes, marking the cut.
func snippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > snippetRunes {
		return string(r[:snippetRunes]) + "…"
	}
	return s
}
