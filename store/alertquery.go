package store

import (
	"strings"

	"vigil/store/fulltext"
)

// AlertQuery is an alert rule's query compiled for matching: its terms,
// their words lower-cased. A query that ParseAlertQuery refuses (one over
// the limits, stored before them) compiles to one that matches nothing.
type AlertQuery struct {
	terms []fulltext.Term
}

// CompileAlertQuery parses and folds a rule's query.
func CompileAlertQuery(query string) *AlertQuery {
	terms, err := ParseAlertQuery(strings.TrimSpace(query))
	if err != nil {
		return &AlertQuery{}
	}
	for i, t := range terms {
		folded := make([]string, len(t.Words))
		for j, w := range t.Words {
			folded[j] = strings.ToLower(w)
		}
		terms[i].Words = folded
	}
	return &AlertQuery{terms: terms}
}

// Inert reports whether the query matches nothing.
func (q *AlertQuery) Inert() bool {
	return len(q.terms) == 0
}

// Matches reports whether an item's words hold every term of the query;
// an inert query matches nothing.
func (q *AlertQuery) Matches(w *ItemWords) bool {
	if q.Inert() {
		return false
	}
	for _, t := range q.terms {
		if !w.Has(t) {
			return false
		}
	}
	return true
}
