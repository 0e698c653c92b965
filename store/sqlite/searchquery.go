package sqlite

import (
	"strings"

	"vigil/store/fulltext"
)

// ftsQuery turns what a person typed into an FTS5 query that matches the
// items containing every term fulltext.ParseQuery finds: each term becomes
// a quoted FTS5 string (a prefix query when the term is one), which holds
// only letters, digits, marks and spaces, so no input can use FTS5's
// operators, column filters or other syntax, or make a syntax error. Text
// with no letter or digit is EINVALID.
func ftsQuery(text string) (string, error) {
	terms, err := fulltext.ParseQuery(text)
	if err != nil {
		return "", err
	}
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = `"` + strings.Join(t.Words, " ") + `"`
		if t.Prefix {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, " "), nil
}
