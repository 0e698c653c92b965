package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"vigil"
)

// alertCommands are the subcommands of vigil alert.
var alertCommands = []command{
	{"add", "send a user the new items of their feeds that match a search, as they come", runAlertAdd},
	{"list", "list a user's alert rules", runAlertList},
	{"remove", "remove an alert rule", runAlertRemove},
}

func runAlert(ctx context.Context, e *env, args []string) error {
	return runGroup(ctx, e, "alert", alertCommands, args)
}

func runAlertAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "alert add", "QUERY", fmt.Sprintf("Send every new item of the user's feeds that matches QUERY (the search syntax: words, \"phrases\", prefix*) to the user's notification channels, as soon as a fetch stores it. A rule has at most %d bytes and %d terms, a user at most %d rules.", vigil.MaxAlertRuleBytes, vigil.MaxAlertRuleTerms, vigil.MaxAlertRulesPerUser))
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	feed := f.Int64("feed", 0, "only the items of this feed `ID` (one the user subscribes to)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := st.AddAlertRule(ctx, vigil.AlertRule{UserID: u.ID, FeedID: *feed, Query: f.Arg(0), Created: time.Now()})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "alert %d added for %s: %s\n", id, u.Name, ruleText(vigil.AlertRule{FeedID: *feed, Query: strings.TrimSpace(f.Arg(0))}))
	if chans, err := st.Channels(ctx, u.ID); err == nil && len(chans) == 0 {
		fmt.Fprintf(e.stderr, "vigil alert: %s has no notification channel yet: add one with 'vigil notify add URL'\n", u.Name)
	}
	return nil
}

// ruleText describes a rule in words.
func ruleText(r vigil.AlertRule) string {
	if r.FeedID == 0 {
		return fmt.Sprintf("%q in every feed", r.Query)
	}
	return fmt.Sprintf("%q in feed %d", r.Query, r.FeedID)
}

func runAlertList(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "alert list", "", "List a user's alert rules.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	asJSON := f.Bool("json", false, "print JSON: id, feed_id (absent for every feed), query, created, inert (why a rule over the limits matches nothing)")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, u, err := f.openReadingFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	rules, err := st.AlertRules(ctx, u.ID)
	if err != nil {
		return err
	}
	if *asJSON {
		if rules == nil {
			rules = []vigil.AlertRule{}
		}
		return json.NewEncoder(e.stdout).Encode(rules)
	}
	for _, r := range rules {
		fmt.Fprintf(e.stdout, "%d\t%s%s\n", r.ID, ruleText(clipQuery(r)), inertText(r))
	}
	return nil
}

// listedQueryRunes is how much of a rule's query the listing shows: a rule
// stored before the limits may be far longer than one may add now.
const listedQueryRunes = 200

// clipQuery cuts a rule's query longer than listedQueryRunes, saying how
// long it is.
func clipQuery(r vigil.AlertRule) vigil.AlertRule {
	if q := []rune(r.Query); len(q) > listedQueryRunes {
		r.Query = fmt.Sprintf("%s… (%d bytes)", string(q[:listedQueryRunes]), len(r.Query))
	}
	return r
}

// inertText says why a rule matches nothing, or nothing for a working one.
func inertText(r vigil.AlertRule) string {
	if r.Inert == "" {
		return ""
	}
	return "\tINERT: " + r.Inert
}

func runAlertRemove(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "alert remove", "ID", "Remove an alert rule.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	id, err := parseID(f.Arg(0), "alert")
	if err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.RemoveAlertRule(ctx, u.ID, id); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "alert %d removed\n", id)
	return nil
}
