package reading

import (
	"net/url"
	"strconv"

	"vigil"
)

// maxDiffContext bounds the context lines a diff view may ask for.
const maxDiffContext = 1000

// ParseDiffQuery reads a diff view's query: from and to (version IDs),
// context (lines around each change, or "all" for the whole page), layout
// ("side" for side by side) and words ("0" for whole lines).
func ParseDiffQuery(v url.Values) (DiffQuery, error) {
	q := DefaultDiffQuery()
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"from", &q.From}, {"to", &q.To}} {
		if s := v.Get(p.name); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n <= 0 {
				return q, vigil.Errorf(vigil.EINVALID, "%s must be a version number, got %q", p.name, s)
			}
			*p.dst = n
		}
	}
	switch c := v.Get("context"); c {
	case "":
	case "all":
		q.Options.Context = -1
	default:
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > maxDiffContext {
			return q, vigil.Errorf(vigil.EINVALID, "context must be 0 to %d lines or \"all\", got %q", maxDiffContext, c)
		}
		q.Options.Context = n
	}
	switch l := v.Get("layout"); l {
	case "", "inline":
	case "side":
		q.Options.SideBySide = true
	default:
		return q, vigil.Errorf(vigil.EINVALID, "layout must be inline or side, got %q", l)
	}
	switch w := v.Get("words"); w {
	case "", "1":
	case "0":
		q.Options.Words = false
	default:
		return q, vigil.Errorf(vigil.EINVALID, "words must be 0 or 1, got %q", w)
	}
	return q, nil
}
