package web

import (
	"fmt"
	"net/url"
	"strconv"

	"vigil/server/internal/reading"
)

// diffLinks are the addresses of a diff view in its other layouts.
type diffLinks struct {
	Whole, Changes, Inline, Side, Words, Lines string
}

// linksOf returns the links of the diff view of change id shown as q.
func linksOf(id int64, d reading.ChangeDetail, q reading.DiffQuery) diffLinks {
	with := func(change func(*reading.DiffQuery)) string {
		c := q
		change(&c)
		v := url.Values{}
		v.Set("from", strconv.FormatInt(d.From, 10))
		v.Set("to", strconv.FormatInt(d.To, 10))
		if c.Options.Context < 0 {
			v.Set("context", "all")
		} else {
			v.Set("context", strconv.Itoa(c.Options.Context))
		}
		if c.Options.SideBySide {
			v.Set("layout", "side")
		}
		if !c.Options.Words {
			v.Set("words", "0")
		}
		return fmt.Sprintf("/changes/%d?%s", id, v.Encode())
	}
	ctx := q.Options.Context
	if ctx < 0 {
		ctx = reading.DefaultDiffQuery().Options.Context
	}
	return diffLinks{
		Whole:   with(func(c *reading.DiffQuery) { c.Options.Context = -1 }),
		Changes: with(func(c *reading.DiffQuery) { c.Options.Context = ctx }),
		Inline:  with(func(c *reading.DiffQuery) { c.Options.SideBySide = false }),
		Side:    with(func(c *reading.DiffQuery) { c.Options.SideBySide = true }),
		Words:   with(func(c *reading.DiffQuery) { c.Options.Words = true }),
		Lines:   with(func(c *reading.DiffQuery) { c.Options.Words = false }),
	}
}
