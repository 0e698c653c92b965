package store

import (
	"strconv"
	"strings"

	"vigil"
	"vigil/store/fulltext"
)

// ParseAlertQuery parses a rule's query (spaces around it trimmed) and
// checks it against the limits on rules: longer than
// vigil.MaxAlertRuleBytes, with more than vigil.MaxAlertRuleTerms terms,
// or with no word at all, it is EINVALID, the message naming the limit.
// The length is checked before parsing, so an oversized query costs
// nothing to refuse.
func ParseAlertQuery(query string) ([]fulltext.Term, error) {
	if n := len(query); n > vigil.MaxAlertRuleBytes {
		return nil, vigil.Errorf(vigil.EINVALID, "alert rule is %d bytes long; the limit is %d bytes per rule", n, vigil.MaxAlertRuleBytes)
	}
	terms, err := fulltext.ParseQuery(query)
	if err != nil {
		return nil, err
	}
	if n := len(terms); n > vigil.MaxAlertRuleTerms {
		return nil, vigil.Errorf(vigil.EINVALID, "alert rule has %d terms; the limit is %d terms (words, phrases, prefixes) per rule", n, vigil.MaxAlertRuleTerms)
	}
	return terms, nil
}

// CheckAlertRuleCount reports, as EINVALID naming the limit, when a user
// who has n rules may not add another (vigil.MaxAlertRulesPerUser).
func CheckAlertRuleCount(n int) error {
	if n >= vigil.MaxAlertRulesPerUser {
		return vigil.Errorf(vigil.EINVALID, "user has %d alert rules; the limit is %d rules per user (remove one first)", n, vigil.MaxAlertRulesPerUser)
	}
	return nil
}

// MarkInertRules sets the Inert of each of a user's rules, listed by ID,
// that matches nothing because it exceeds a limit: its query's size or
// terms (ParseAlertQuery), or its place beyond the user's first
// vigil.MaxAlertRulesPerUser rules.
func MarkInertRules(rules []vigil.AlertRule) {
	for i := range rules {
		if _, err := ParseAlertQuery(strings.TrimSpace(rules[i].Query)); err != nil {
			rules[i].Inert = "matches nothing: " + vigil.ErrorMessage(err)
		} else if i >= vigil.MaxAlertRulesPerUser {
			rules[i].Inert = "matches nothing: it is beyond the limit of " +
				strconv.Itoa(vigil.MaxAlertRulesPerUser) + " rules per user (remove earlier ones)"
		}
	}
}
