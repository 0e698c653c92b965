package change

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/andybalholm/cascadia"
)

// The kinds of Condition.
const (
	// Appears is met when Text is in the new version's watched text and
	// was not in the previous one's (back in stock).
	Appears = "appears"
	// Disappears is met when Text was in the previous version's watched
	// text and is not in the new one's (sold out is gone).
	Disappears = "disappears"
	// Above is met when the number rises above Value: greater than it now,
	// not before (or no number before).
	Above = "above"
	// Below is met when the number falls below Value: less than it now,
	// not before (a price drop under a limit).
	Below = "below"
	// ChangesBy is met when the number moves by at least Value percent of
	// its previous value, up or down.
	ChangesBy = "changes-by"
)

// Condition is a trigger a follower sets on a page: a change is told to
// them only when one of their conditions is met by it (beyond Glance et
// al., whose followers filter by severity alone; the triggers are those
// of changedetection.io and price watchers). Text is compared ignoring
// case and runs of spaces. The number of Above, Below and ChangesBy is
// the first number in the text of the elements Selector (CSS) matches,
// or of the page's watched text when Selector is empty.
//
// Conditions fire on crossings, not on states: a price that stays under
// the limit is not told again at every later change.
type Condition struct {
	Kind     string  `json:"kind"`
	Text     string  `json:"text,omitempty"`
	Selector string  `json:"selector,omitempty"`
	Value    float64 `json:"value,omitempty"`
}

// MaxConditionText is the longest Text or Selector a condition may have,
// in bytes.
const MaxConditionText = 1000

// Check reports what is wrong with a condition, in words.
func (c Condition) Check() error {
	if len(c.Text) > MaxConditionText || len(c.Selector) > MaxConditionText {
		return fmt.Errorf("a condition's text and selector are at most %d bytes", MaxConditionText)
	}
	if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
		return fmt.Errorf("condition %s: the value must be a finite number", c.Kind)
	}
	switch c.Kind {
	case Appears, Disappears:
		if strings.TrimSpace(c.Text) == "" {
			return fmt.Errorf("condition %s needs the text to look for", c.Kind)
		}
		return nil
	case Above, Below:
	case ChangesBy:
		if !(c.Value > 0) {
			return fmt.Errorf("condition changes-by needs a percentage above 0, got %v", c.Value)
		}
	default:
		return fmt.Errorf("condition kind %q is not one of appears, disappears, above, below, changes-by", c.Kind)
	}
	if c.Selector != "" {
		if _, err := cascadia.ParseGroup(c.Selector); err != nil {
			return fmt.Errorf("condition %s: invalid CSS selector %q: %v", c.Kind, c.Selector, err)
		}
	}
	return nil
}

// Version is one version of a page as conditions read it: its extract,
// and the body and content type it was extracted from (for a condition's
// own selector).
type Version struct {
	Doc         *Document
	Body        []byte
	ContentType string
}

// AnyMet reports whether the change from old to new meets one of the
// conditions; with none, every change does.
func AnyMet(conds []Condition, old, new Version) bool {
	if len(conds) == 0 {
		return true
	}
	for _, c := range conds {
		if c.Met(old, new) {
			return true
		}
	}
	return false
}

// Met reports whether the change from old to new meets the condition. A
// number that cannot be read (the selector matches nothing, no digit)
// meets nothing.
func (c Condition) Met(old, new Version) bool {
	switch c.Kind {
	case Appears:
		return !contains(old, c.Text) && contains(new, c.Text)
	case Disappears:
		return contains(old, c.Text) && !contains(new, c.Text)
	}
	now, ok := c.number(new)
	if !ok {
		return false
	}
	before, had := c.number(old)
	switch c.Kind {
	case Above:
		return now > c.Value && (!had || before <= c.Value)
	case Below:
		return now < c.Value && (!had || before >= c.Value)
	case ChangesBy:
		return had && before != 0 && 100*math.Abs(now-before)/math.Abs(before) >= c.Value
	}
	return false
}

// contains reports whether v's watched text holds text, ignoring case and
// runs of spaces.
func contains(v Version, text string) bool {
	if v.Doc == nil {
		return false
	}
	return strings.Contains(fold(v.Doc.Text), fold(text))
}

// fold lower-cases s and collapses its runs of spaces.
func fold(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// number reads the condition's number from v. On a document read as JSON
// a CSS selector cannot apply (ErrQueryMisfit): the number is read from
// the page's watched text, the results of its jq program, as without one.
func (c Condition) number(v Version) (float64, bool) {
	if v.Doc == nil {
		return 0, false
	}
	if c.Selector == "" || !v.Doc.Measurable() {
		return FirstNumber(v.Doc.Text)
	}
	d, err := Extract(v.Body, v.ContentType, ExtractOptions{Selector: c.Selector})
	if errors.Is(err, ErrQueryMisfit) {
		return FirstNumber(v.Doc.Text)
	}
	if err != nil {
		return 0, false
	}
	return FirstNumber(d.Text)
}

// numberPattern matches a number as pages write it: digits grouped by
// commas, dots, spaces or apostrophes, with an optional sign.
var numberPattern = regexp.MustCompile(`[-−]?\d+(?:[.,'’ \x{a0}\x{202f}]\d+)*`)

// FirstNumber returns the first number written in s. Separators are read
// as people write them: with both a comma and a dot, the last one is the
// decimal mark ("1,299.50", "1.299,50"); one that appears more than once
// groups thousands ("1,299,000"); a single one is the decimal mark
// ("19,99", "19.99"). Spaces and apostrophes group thousands. So "1,299"
// alone reads as 1.299: a condition on a page that writes thousands so
// should select a number written with its decimals.
func FirstNumber(s string) (float64, bool) {
	m := numberPattern.FindString(s)
	if m == "" {
		return 0, false
	}
	neg := strings.HasPrefix(m, "-") || strings.HasPrefix(m, "−")
	m = strings.TrimLeft(m, "-−")
	m = strings.NewReplacer("'", "", "’", "", " ", "", "\u00a0", "", "\u202f", "").Replace(m)
	f, err := strconv.ParseFloat(normalizeMarks(m), 64)
	if err != nil {
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}

// normalizeMarks rewrites digits with commas and dots to Go's syntax.
func normalizeMarks(m string) string {
	lastComma, lastDot := strings.LastIndex(m, ","), strings.LastIndex(m, ".")
	switch {
	case lastComma >= 0 && lastDot >= 0:
		dec := max(lastComma, lastDot)
		return strings.NewReplacer(",", "", ".", "").Replace(m[:dec]) + "." + m[dec+1:]
	case lastComma < 0 && lastDot < 0:
		return m
	}
	mark := ","
	if lastDot >= 0 {
		mark = "."
	}
	parts := strings.Split(m, mark)
	if len(parts) > 2 {
		return strings.Join(parts, "") // only thousands groups repeat
	}
	return parts[0] + "." + parts[1]
}
