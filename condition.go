package vigil

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseCondition reads a condition as people write it: KIND:ARGUMENT,
// appears:TEXT or disappears:TEXT, or above:N, below:N or
// changes-by:PERCENT, each optionally followed by @SELECTOR (a CSS
// selector of the number). It checks the form only; the change package
// checks the rest when it is stored.
func ParseCondition(s string) (Condition, error) {
	kind, arg, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok || strings.TrimSpace(arg) == "" {
		return Condition{}, Errorf(EINVALID, "condition %q: write KIND:ARGUMENT, e.g. appears:In stock or below:20@.price", s)
	}
	c := Condition{Kind: strings.TrimSpace(kind)}
	if c.Kind == "appears" || c.Kind == "disappears" {
		c.Text = strings.TrimSpace(arg)
		return c, nil
	}
	num, sel, _ := strings.Cut(arg, "@")
	num = strings.TrimSuffix(strings.TrimSpace(num), "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil {
		return c, Errorf(EINVALID, "condition %q: %q is not a number", s, num)
	}
	c.Value, c.Selector = v, strings.TrimSpace(sel)
	return c, nil
}

// String writes c as ParseCondition reads it.
func (c Condition) String() string {
	if c.Kind == "appears" || c.Kind == "disappears" {
		return c.Kind + ":" + c.Text
	}
	s := fmt.Sprintf("%s:%s", c.Kind, strconv.FormatFloat(c.Value, 'g', -1, 64))
	if c.Selector != "" {
		s += "@" + c.Selector
	}
	return s
}
