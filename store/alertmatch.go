package store

import (
	"context"
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

// RuleTarget is an alert rule joined to one of its user's channels, as an
// ingest reads them for a feed.
type RuleTarget struct {
	ChannelID int64
	RuleID    int64
	Query     string
}

// AlertMatch is what an ingest matched before its write transaction
// began: the rules that cover the feed, and the channels each item it
// matched is for, by key. Messages turns it into the outbox's messages
// inside the transaction, once the new items have their IDs.
type AlertMatch struct {
	rules    *RuleCache
	targets  []RuleTarget
	channels map[string][]int64
}

// MatchItems matches items against the rules of targets, compiled
// through rules (nil compiles each afresh): an item is for the channels
// of any rule it matches (AlertQuery). Each rule is matched at most once
// per item, however many channels it has. It checks ctx before each item
// and returns ctx's error once ctx is done, so that a stopping process is
// not held up by a long matching. No targets match nothing (nil).
func MatchItems(ctx context.Context, rules *RuleCache, targets []RuleTarget, items []vigil.Item) (*AlertMatch, error) {
	if len(targets) == 0 {
		return nil, nil
	}
	m := &AlertMatch{rules: rules, targets: targets, channels: make(map[string][]int64, len(items))}
	return m, m.match(ctx, items)
}

// match matches items, recording each one's channels under its key.
func (m *AlertMatch) match(ctx context.Context, items []vigil.Item) error {
	compiled, ruleOf := compileTargets(m.rules, m.targets)
	verdict := make([]int8, len(compiled)) // 0 not matched yet, 1 matches, -1 does not
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		clear(verdict)
		m.channels[it.Key] = matchItem(it, m.targets, compiled, ruleOf, verdict)
	}
	return nil
}

// Channels returns the channels the item under key was matched for.
func (m *AlertMatch) Channels(key string) []int64 {
	if m == nil {
		return nil
	}
	return m.channels[key]
}

// Messages returns the messages the new items of a feed cause: one per
// item and channel it matched. A new item that was not matched before
// (one stored under its key then, and gone since) is matched now.
func (m *AlertMatch) Messages(ctx context.Context, items []vigil.Item) ([]NewMessage, error) {
	if m == nil {
		return nil, nil
	}
	var late []vigil.Item
	for _, it := range items {
		if _, ok := m.channels[it.Key]; !ok {
			late = append(late, it)
		}
	}
	if err := m.match(ctx, late); err != nil {
		return nil, err
	}
	return itemAlerts(m.channels, items), nil
}

// compileTargets compiles each distinct rule of targets once, and returns
// them with the index among them of each target's rule.
func compileTargets(rules *RuleCache, targets []RuleTarget) ([]*AlertQuery, []int) {
	index := map[int64]int{}
	var compiled []*AlertQuery
	ruleOf := make([]int, len(targets))
	for i, t := range targets {
		k, ok := index[t.RuleID]
		if !ok {
			k = len(compiled)
			index[t.RuleID] = k
			compiled = append(compiled, rules.Compile(t.RuleID, t.Query))
		}
		ruleOf[i] = k
	}
	return compiled, ruleOf
}

// matchItem returns the channels of targets whose rule the item matches,
// in the targets' order, each once; verdict caches each rule's answer.
func matchItem(it vigil.Item, targets []RuleTarget, compiled []*AlertQuery, ruleOf []int, verdict []int8) []int64 {
	var words *ItemWords
	var channels []int64
	for i, t := range targets {
		q := compiled[ruleOf[i]]
		if q.Inert() || slices.Contains(channels, t.ChannelID) {
			continue
		}
		if verdict[ruleOf[i]] == 0 {
			if words == nil {
				words = NewItemWords(it)
			}
			verdict[ruleOf[i]] = -1
			if q.Matches(words) {
				verdict[ruleOf[i]] = 1
			}
		}
		if verdict[ruleOf[i]] == 1 {
			channels = append(channels, t.ChannelID)
		}
	}
	return channels
}

// itemAlerts returns the messages of items: one per item and channel
// that channels holds for the item's key.
func itemAlerts(channels map[string][]int64, items []vigil.Item) []NewMessage {
	var out []NewMessage
	for _, it := range items {
		chans := channels[it.Key]
		if len(chans) == 0 {
			continue
		}
		text := snippet(fulltext.Body(it.Summary, it.Content))
		for _, ch := range chans {
			out = append(out, NewMessage{ChannelID: ch, Kind: KindItem, RefID: it.ID,
				Title: itemTitle(it, text), Link: it.URL, Text: text})
		}
	}
	return out
}

// MatchesQuery reports whether an item matches a rule's query in the
// search syntax: every word, "phrase" and prefix* of it occurs in the
// item's title or text, ignoring case. A query with no word, or over the
// limits on rules (ParseAlertQuery), matches nothing.
func MatchesQuery(query string, it vigil.Item) bool {
	return CompileAlertQuery(query).Matches(NewItemWords(it))
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
