// Package sanitize cleans the HTML that feeds put in items, so that no
// script, event handler or style from a feed reaches a reader. The web
// server, the REST API and the command line share it, so that an item
// reads the same everywhere.
package sanitize

import (
	"github.com/microcosm-cc/bluemonday"

	"vigil"
)

// Policy returns the default sanitising policy: bluemonday's policy for
// user content, whose links send no Referer and open other sites in a new
// tab.
func Policy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}

// Item returns a copy of it whose Content and Summary p has cleaned.
func Item(p *bluemonday.Policy, it vigil.Item) vigil.Item {
	it.Content = p.Sanitize(it.Content)
	it.Summary = p.Sanitize(it.Summary)
	return it
}
