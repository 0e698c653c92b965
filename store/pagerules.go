package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"vigil"
	"vigil/change"
)

// pageKinds are the kinds of change a page can be watched for.
var pageKinds = map[string]bool{"text": true, "links": true, "images": true}

// ratings are the severities a change can be rated, and the thresholds a
// follower can choose.
var ratings = map[string]bool{"negligible": true, "significant": true, "important": true}

// frequencies are how often a follower can hear of a page's changes.
var frequencies = map[string]bool{"daily": true, "weekly": true, "monthly": true}

// The limits of what a page's owner and followers may set, in bytes or
// rules.
const (
	MaxSelectorLength = 1000
	MaxIgnoreRules    = 50
	MaxCommentLength  = 4000
	// MaxReturns is the most states a page may be compared with to tell
	// a return.
	MaxReturns = 16
)

// PageReturns checks a page's number of states compared to tell a return:
// 0 (the default) to MaxReturns, anything else EINVALID.
func PageReturns(n int) (int, error) {
	if n < 0 || n > MaxReturns {
		return 0, vigil.Errorf(vigil.EINVALID, "returns %d is not between 0 (the default) and %d", n, MaxReturns)
	}
	return n, nil
}

// JoinPageKinds returns kinds as a page stores them, comma-separated; an
// unknown kind is EINVALID.
func JoinPageKinds(kinds []string) (string, error) {
	for _, k := range kinds {
		if !pageKinds[k] {
			return "", vigil.Errorf(vigil.EINVALID, "kind %q is not one of text, links, images", k)
		}
	}
	return strings.Join(kinds, ","), nil
}

// SplitPageKinds returns the kinds JoinPageKinds stored; none is an empty
// list.
func SplitPageKinds(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// PageSelector returns a page's selector as stored, trimmed of spaces; one
// over MaxSelectorLength bytes, or one that is no CSS selector, is
// EINVALID (stored, it would leave the whole page watched).
func PageSelector(selector string) (string, error) {
	if len(selector) > MaxSelectorLength {
		return "", vigil.Errorf(vigil.EINVALID, "selector is longer than %d bytes", MaxSelectorLength)
	}
	selector = strings.TrimSpace(selector)
	if err := change.CheckSelector(selector); err != nil {
		return "", vigil.Errorf(vigil.EINVALID, "%s", strings.TrimPrefix(err.Error(), "change: "))
	}
	return selector, nil
}

// PageIgnore returns a page's ignore rules as stored, a JSON list; more
// than MaxIgnoreRules is EINVALID.
func PageIgnore(rules []string) (string, error) {
	if len(rules) > MaxIgnoreRules {
		return "", vigil.Errorf(vigil.EINVALID, "at most %d ignore rules, got %d", MaxIgnoreRules, len(rules))
	}
	if rules == nil {
		rules = []string{}
	}
	b, err := json.Marshal(rules)
	if err != nil {
		return "", fmt.Errorf("encode ignore rules: %w", err)
	}
	return string(b), nil
}

// CheckPageFollow refuses a follower's settings with an unknown threshold
// or frequency.
func CheckPageFollow(pf vigil.PageFollow) error {
	if !ratings[pf.Threshold] {
		return vigil.Errorf(vigil.EINVALID, "threshold %q is not one of negligible, significant, important", pf.Threshold)
	}
	if !frequencies[pf.Frequency] {
		return vigil.Errorf(vigil.EINVALID, "frequency %q is not one of daily, weekly, monthly", pf.Frequency)
	}
	return nil
}

// CleanEvaluation returns e as stored, at the Unix epoch when it has no
// time; an unknown rating or a comment over MaxCommentLength bytes is
// EINVALID.
func CleanEvaluation(e vigil.Evaluation) (vigil.Evaluation, error) {
	if !ratings[e.Rating] {
		return e, vigil.Errorf(vigil.EINVALID, "rating %q is not one of negligible, significant, important", e.Rating)
	}
	if len(e.Comment) > MaxCommentLength {
		return e, vigil.Errorf(vigil.EINVALID, "comment is longer than %d bytes", MaxCommentLength)
	}
	if e.At.IsZero() {
		e.At = time.Unix(0, 0)
	}
	return e, nil
}

// CheckChangeGroup refuses a group of changes other than weekly or monthly.
func CheckChangeGroup(group string) error {
	if group != "weekly" && group != "monthly" {
		return vigil.Errorf(vigil.EINVALID, "group %q is not weekly or monthly", group)
	}
	return nil
}

// MaxConditions is how many conditions a follower may set on one page.
const MaxConditions = 20

// PageReadingJSON returns a page's reading settings as stored, JSON; an
// XPath, a jq program or a selector to wait for that does not compile,
// or one over MaxSelectorLength bytes, is EINVALID.
func PageReadingJSON(r vigil.PageReading) (string, error) {
	r.WaitFor, r.XPath, r.JQ = strings.TrimSpace(r.WaitFor), strings.TrimSpace(r.XPath), strings.TrimSpace(r.JQ)
	for _, s := range []string{r.WaitFor, r.XPath, r.JQ} {
		if len(s) > MaxSelectorLength {
			return "", vigil.Errorf(vigil.EINVALID, "a selector, XPath or jq program is longer than %d bytes", MaxSelectorLength)
		}
	}
	if err := change.CheckReading(r.WaitFor, r.XPath, r.JQ); err != nil {
		return "", vigil.Errorf(vigil.EINVALID, "%s", strings.TrimPrefix(err.Error(), "change: "))
	}
	b, err := json.Marshal(r)
	if err != nil {
		return "", fmt.Errorf("encode reading settings: %w", err)
	}
	return string(b), nil
}

// MaxNoiseForgotten bounds the noise items a page's owner may undo, and
// MaxNoiseKeyLength the bytes of one's key (a block's path may be long).
const (
	MaxNoiseForgotten = 1000
	MaxNoiseKeyLength = 4096
)

// NoiseForgottenJSON returns the undone noise items of a page as stored, a
// sorted JSON list without repeats; a key that is not a noise item's
// (change.ParseNoiseKey), one longer than MaxNoiseKeyLength or more than
// MaxNoiseForgotten keys is EINVALID.
func NoiseForgottenJSON(keys []string) (string, error) {
	if len(keys) > MaxNoiseForgotten {
		return "", vigil.Errorf(vigil.EINVALID, "at most %d undone noise items, got %d", MaxNoiseForgotten, len(keys))
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if _, _, err := change.ParseNoiseKey(k); err != nil {
			return "", vigil.Errorf(vigil.EINVALID, "%v", err)
		}
		if len(k) > MaxNoiseKeyLength {
			return "", vigil.Errorf(vigil.EINVALID, "a noise key is longer than %d bytes", MaxNoiseKeyLength)
		}
		out = append(out, k)
	}
	slices.Sort(out)
	b, err := json.Marshal(slices.Compact(out))
	if err != nil {
		return "", fmt.Errorf("encode undone noise: %w", err)
	}
	return string(b), nil
}

// ConditionsJSON returns a follower's conditions as stored, a JSON list;
// more than MaxConditions, or one that is not valid, is EINVALID.
func ConditionsJSON(conds []vigil.Condition) (string, error) {
	if len(conds) > MaxConditions {
		return "", vigil.Errorf(vigil.EINVALID, "at most %d conditions, got %d", MaxConditions, len(conds))
	}
	if conds == nil {
		conds = []vigil.Condition{}
	}
	for _, c := range conds {
		if err := change.Condition(c).Check(); err != nil {
			return "", vigil.Errorf(vigil.EINVALID, "%s", err.Error())
		}
	}
	b, err := json.Marshal(conds)
	if err != nil {
		return "", fmt.Errorf("encode conditions: %w", err)
	}
	return string(b), nil
}
