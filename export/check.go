package export

import (
	"regexp"

	"vigil"
	"vigil/store"
)

// checked are a page's settings once every one has been found valid.
type checked struct {
	PageSettings
	conds []vigil.Condition
}

// check refuses the first setting of p that the store would refuse,
// naming it as the entry's origin does, so that an import stores nothing
// of a page with a bad value. An empty threshold or frequency keeps the
// store's default.
func (e Entry) check() (checked, error) {
	p := *e.Page
	c := checked{PageSettings: p}
	bad := func(field string, err error) (checked, error) {
		return c, vigil.Errorf(vigil.EINVALID, "%s: %s%s: %s", e.describe(), e.origin.prefix, field, vigil.ErrorMessage(err))
	}
	if _, err := store.JoinPageKinds(p.Kinds); err != nil {
		return bad("kinds", err)
	}
	if _, err := store.PageSelector(p.Selector); err != nil {
		return bad("selector", err)
	}
	if err := checkIgnore(p.Ignore); err != nil {
		return bad("ignore", err)
	}
	if _, err := store.PageReturns(p.Returns); err != nil {
		return bad("returns", err)
	}
	if _, err := store.NoiseForgottenJSON(p.NoiseUndone); err != nil {
		return bad("noise_undone", err)
	}
	for field, r := range map[string]vigil.PageReading{"wait_for": {Render: true, WaitFor: p.WaitFor}, "xpath": {XPath: p.XPath}, "jq": {JQ: p.JQ}} {
		if _, err := store.PageReadingJSON(r); err != nil {
			return bad(field, err)
		}
	}
	if err := store.CheckPageFollow(vigil.PageFollow{Threshold: orDefault(p.Threshold, "significant"), Frequency: "daily"}); err != nil {
		return bad("threshold", err)
	}
	if err := store.CheckPageFollow(vigil.PageFollow{Threshold: "significant", Frequency: orDefault(p.Frequency, "daily")}); err != nil {
		return bad("frequency", err)
	}
	conds, err := parseConditions(p.Conditions)
	if err != nil {
		return bad("conditions", err)
	}
	c.conds = conds
	return c, nil
}

// checkIgnore refuses too many ignore rules or one that is not a regular
// expression.
func checkIgnore(rules []string) error {
	if _, err := store.PageIgnore(rules); err != nil {
		return err
	}
	for _, r := range rules {
		if _, err := regexp.Compile(r); err != nil {
			return vigil.Errorf(vigil.EINVALID, "%q is not a regular expression: %v", r, err)
		}
	}
	return nil
}

// parseConditions reads conditions in their text form and checks them as
// the store will.
func parseConditions(texts []string) ([]vigil.Condition, error) {
	out := make([]vigil.Condition, 0, len(texts))
	for _, s := range texts {
		c, err := vigil.ParseCondition(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if _, err := store.ConditionsJSON(out); err != nil {
		return nil, err
	}
	return out, nil
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
