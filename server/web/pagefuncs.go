package web

import (
	"fmt"
	"html/template"
	"slices"

	"vigil"
	"vigil/updates"
)

// changeRowData is what the "change" template shows: a change, the form's
// CSRF token and where the rating form returns.
type changeRowData struct {
	C      updates.Change
	CSRF   string
	Return string
	Words  []string
}

// ratingWords are the evaluation words (Glance et al. §3.1.3).
var ratingWords = []string{"negligible", "significant", "important"}

// pageFuncs are the template functions of the page views.
func pageFuncs() template.FuncMap {
	return template.FuncMap{
		"changeRow": func(c updates.Change, csrf, ret string) changeRowData {
			return changeRowData{C: c, CSRF: csrf, Return: ret, Words: ratingWords}
		},
		"words":        func() []string { return ratingWords },
		"frequencies":  func() []string { return []string{"daily", "weekly", "monthly"} },
		"kinds":        func() []string { return []string{"text", "links", "images"} },
		"has":          slices.Contains[[]string],
		"channelState": channelState,
	}
}

// channelState says how a notification channel fares: "ok", with its last
// message, or "failing" with why.
func channelState(c vigil.Channel) string {
	switch {
	case c.Failing():
		return fmt.Sprintf("failing (%d attempt(s) in a row, last at %s): %s", c.Failures, c.LastErrorAt.UTC().Format(utcLayout), c.LastError)
	case !c.LastSent.IsZero():
		return "ok, last sent " + c.LastSent.UTC().Format(utcLayout)
	}
	return "ok, nothing sent yet"
}
