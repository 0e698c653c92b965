package main

import (
	"context"
	"flag"
	"fmt"
	"regexp"
	"strings"

	"vigil"
	"vigil/store"
)

// pageFlags are the settings of a watched page that `vigil add --page`
// and `vigil page set` take, as the web form does: the owner's (what is
// watched and how it is read) and the follower's own (threshold, group,
// conditions). Only the flags given are applied.
type pageFlags struct {
	fs         *flag.FlagSet
	kinds      *string
	selector   *string
	ignore     stringList
	render     *bool
	waitFor    *string
	xpath      *string
	jq         *string
	returns    *int
	threshold  *string
	frequency  *string
	conditions stringList
}

// addPageFlags declares the page settings on f.
func addPageFlags(f *flags) *pageFlags {
	p := &pageFlags{fs: f.FlagSet}
	p.kinds = f.String("kinds", "", "the kinds of change watched, comma-separated: text, links, images (the page's first follower)")
	p.selector = f.String("selector", "", "watch only the elements matching this CSS `selector` (the page's first follower)")
	f.Var(&p.ignore, "ignore", "leave out text lines matching this `regexp` (repeatable; the page's first follower)")
	p.render = f.Bool("render", false, "fetch the page through headless Chromium and watch the document its scripts write (the page's first follower)")
	p.waitFor = f.String("wait-for", "", "with --render, read the page once an element matches this CSS `selector`, not when the network goes idle")
	p.xpath = f.String("xpath", "", "watch only the nodes this XPath 1.0 `expression` selects (the page's first follower)")
	p.jq = f.String("jq", "", "in a JSON document, watch only the results of this jq `program`, e.g. .price (the page's first follower)")
	p.returns = f.Int("returns", 0, "a version showing one of the page's last `n` states again is a return, not new (0: the default, 2; 1: never; the page's first follower)")
	p.threshold = f.String("threshold", "", "my threshold: negligible, significant or important. Sent at once: new changes the agent judges at least this;\n"+
		"in Updates and the digest: every change until someone else rates it, then those rated at least this")
	p.frequency = f.String("frequency", "", "my group: daily, weekly or monthly changes")
	f.Var(&p.conditions, "condition", "tell me only of changes meeting one of these `conditions` (repeatable): appears:TEXT, disappears:TEXT,\n"+
		"above:N[@SELECTOR], below:N[@SELECTOR], changes-by:PERCENT[@SELECTOR]; none clears them")
	return p
}

// any reports whether any page setting was given.
func (p *pageFlags) any() bool {
	for _, name := range []string{"kinds", "selector", "ignore", "returns", "render", "wait-for", "xpath", "jq", "threshold", "frequency", "condition"} {
		if p.given(name) {
			return true
		}
	}
	return false
}

// given reports whether the flag name was set on the command line.
func (p *pageFlags) given(name string) bool {
	set := false
	p.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// check refuses, as a usage error and before anything is stored, the
// settings given that cannot be right whatever the page: a condition,
// ignore rule, kind, selector, XPath, jq program, threshold or group that
// does not parse, and flags that contradict one another (a jq program,
// which reads JSON, with a selector or XPath, which read HTML; a selector
// to wait for with --render=false). A page being added has no reading
// settings yet, so there --wait-for needs --render (added).
func (p *pageFlags) check(added bool) error {
	if _, err := p.parseConditions(); err != nil {
		return err
	}
	for _, r := range p.ignore {
		if _, err := regexp.Compile(r); err != nil {
			return usageError{fmt.Sprintf("--ignore %q is not a regular expression: %v", r, err)}
		}
	}
	if err := p.checkValues(); err != nil {
		return usageError{vigil.ErrorMessage(err)}
	}
	switch {
	case *p.jq != "" && (*p.selector != "" || *p.xpath != ""):
		return usageError{"--jq reads a JSON document and --selector and --xpath an HTML one: give one or the other"}
	case *p.waitFor != "" && p.given("render") && !*p.render:
		return usageError{"--wait-for waits for an element of the rendered page: it needs --render, not --render=false"}
	case *p.waitFor != "" && added && !*p.render:
		return usageError{"--wait-for waits for an element of the rendered page: add --render"}
	}
	return nil
}

// checkValues checks each value given by the store's own rules.
func (p *pageFlags) checkValues() error {
	if p.given("kinds") {
		if _, err := store.JoinPageKinds(splitList(*p.kinds)); err != nil {
			return err
		}
	}
	if _, err := store.PageSelector(*p.selector); err != nil {
		return err
	}
	if _, err := store.PageReturns(*p.returns); err != nil {
		return err
	}
	if _, err := store.PageReadingJSON(vigil.PageReading{WaitFor: *p.waitFor, XPath: *p.xpath, JQ: *p.jq}); err != nil {
		return err
	}
	pf := vigil.PageFollow{Threshold: "negligible", Frequency: "daily"}
	if p.given("threshold") {
		pf.Threshold = *p.threshold
	}
	if p.given("frequency") {
		pf.Frequency = *p.frequency
	}
	return store.CheckPageFollow(pf)
}

// apply stores the settings given for the user's page, the owner's first,
// after checking them all, so that a refused one stores nothing.
func (p *pageFlags) apply(ctx context.Context, st store.Store, userID, feedID int64) error {
	if err := p.check(false); err != nil {
		return err
	}
	conds, err := p.parseConditions()
	if err != nil {
		return err
	}
	if err := p.applyOwner(ctx, st, userID, feedID); err != nil {
		return err
	}
	return p.applyFollower(ctx, st, userID, feedID, conds)
}

// applyOwner stores the owner's settings that were given.
func (p *pageFlags) applyOwner(ctx context.Context, st store.Store, userID, feedID int64) error {
	if p.given("kinds") {
		if err := st.SetPageKinds(ctx, userID, feedID, splitList(*p.kinds)); err != nil {
			return err
		}
	}
	if p.given("selector") {
		if err := st.SetPageSelector(ctx, userID, feedID, *p.selector); err != nil {
			return err
		}
	}
	if p.given("ignore") {
		if err := st.SetPageIgnore(ctx, userID, feedID, p.ignore); err != nil {
			return err
		}
	}
	if p.given("returns") {
		if err := st.SetPageReturns(ctx, userID, feedID, *p.returns); err != nil {
			return err
		}
	}
	if !p.given("render") && !p.given("wait-for") && !p.given("xpath") && !p.given("jq") {
		return nil
	}
	page, err := st.Page(ctx, feedID)
	if err != nil {
		return err
	}
	r := page.PageReading
	p.readingInto(&r)
	if p.given("wait-for") && r.WaitFor != "" && !r.Render {
		return usageError{"--wait-for waits for an element of the rendered page, and the page is not rendered: add --render"}
	}
	return st.SetPageReading(ctx, userID, feedID, r)
}

// readingInto sets the reading settings given in r.
func (p *pageFlags) readingInto(r *vigil.PageReading) {
	if p.given("render") {
		r.Render = *p.render
	}
	if p.given("wait-for") {
		r.WaitFor = *p.waitFor
	}
	if p.given("xpath") {
		r.XPath = *p.xpath
	}
	if p.given("jq") {
		r.JQ = *p.jq
	}
}

// applyFollower stores the follower's settings that were given.
func (p *pageFlags) applyFollower(ctx context.Context, st store.Store, userID, feedID int64, conds []vigil.Condition) error {
	if p.given("threshold") || p.given("frequency") {
		pf, err := st.PageFollow(ctx, userID, feedID)
		if err != nil {
			return err
		}
		if p.given("threshold") {
			pf.Threshold = *p.threshold
		}
		if p.given("frequency") {
			pf.Frequency = *p.frequency
		}
		if err := st.SetPageFollow(ctx, *pf); err != nil {
			return err
		}
	}
	if !p.given("condition") {
		return nil
	}
	return st.SetPageConditions(ctx, userID, feedID, conds)
}

// parseConditions reads the --condition flags; "none" alone is no
// condition.
func (p *pageFlags) parseConditions() ([]vigil.Condition, error) {
	if len(p.conditions) == 1 && p.conditions[0] == "none" {
		return []vigil.Condition{}, nil
	}
	out := make([]vigil.Condition, 0, len(p.conditions))
	for _, s := range p.conditions {
		c, err := vigil.ParseCondition(s)
		if err != nil {
			return nil, usageError{"--condition: " + vigil.ErrorMessage(err)}
		}
		out = append(out, c)
	}
	return out, nil
}

// splitList splits a comma-separated list, dropping blanks.
func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
