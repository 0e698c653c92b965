package vigil

import "time"

// Limits on alert rules. Every fetch matches each new item against every
// rule that covers its feed, so rules are kept small and few: a rule
// store is asked to add beyond a limit is EINVALID, and a rule stored
// before the limits that exceeds one is kept but matches nothing (its
// Inert says why).
const (
	// MaxAlertRuleBytes is the longest query of a rule, in bytes once
	// the spaces around it are trimmed.
	MaxAlertRuleBytes = 1024
	// MaxAlertRuleTerms is the most terms (words, "phrases" and
	// prefix*es) a rule's query may have.
	MaxAlertRuleTerms = 32
	// MaxAlertRulesPerUser is the most rules a user may have; rules
	// beyond it, by ID, match nothing.
	MaxAlertRulesPerUser = 100
)

// AlertRule asks for every new item of a user's feeds (or of one of them,
// FeedID) that matches Query, in the search syntax (words, "phrases",
// prefix*), to be sent to the user's channels at once.
type AlertRule struct {
	ID     int64 `json:"id"`
	UserID int64 `json:"user_id"`
	// FeedID limits the rule to one feed; 0 means every feed the user
	// subscribes to.
	FeedID  int64     `json:"feed_id,omitzero"`
	Query   string    `json:"query"`
	Created time.Time `json:"created"`
	// Inert says why a stored rule matches nothing (it exceeds one of
	// the limits above, having been stored before them); empty when the
	// rule works.
	Inert string `json:"inert,omitempty"`
}
