package web

import (
	"html/template"
	"slices"

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
		"words":       func() []string { return ratingWords },
		"frequencies": func() []string { return []string{"daily", "weekly", "monthly"} },
		"kinds":       func() []string { return []string{"text", "links", "images"} },
		"has":         slices.Contains[[]string],
	}
}
